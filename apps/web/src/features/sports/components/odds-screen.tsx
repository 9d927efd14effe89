import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import type { SportKey } from '@pass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { useServerNow } from '../../../lib/server-clock';
import { useLiveGames } from '../../../lib/use-live-games';
import { bookEventsQuery } from '../api/get-book-events';
import { useSeasonWeeks } from '../api/get-season-weeks';
import { hasDemoEvents } from '../lib/demo';
import { latestFetch } from '../lib/lines';
import { SPORT_INFO } from '../lib/sports';
import { OddsBoard } from './odds-board';
import { OddsFreshness } from './odds-freshness';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { WeekSelector } from './week-selector';

interface OddsScreenProps {
  route: RouteName;
  sport: SportKey;
  /** The free page (no login): an invitation to compare books instead of the bet slip. */
  free?: boolean;
  teamRoute?: RouteName;
}

/**
 * A week's games (the current one first) as one grid per market, every book's latest price, the best marked.
 * Where app/ offers the bet slip (the member's board), tapping a price opens it.
 */
export function OddsScreen({ route, sport, free = false }: OddsScreenProps) {
  const info = SPORT_INFO[sport];
  const [week, setWeek] = useState<number | undefined>(undefined);
  const events = useQuery({ ...bookEventsQuery(sport, { week }), placeholderData: keepPreviousData });
  const weeks = useSeasonWeeks(sport, events.data?.season);
  // The week's games move as they are played: their scores and where each stands, beside the prices.
  useLiveGames(sport, events.data?.season, [events.data?.week?.number]);
  const now = useServerNow();
  const all = events.data?.events ?? [];
  const title = `${free ? 'Free ' : ''}${info.label} odds`;
  return (
    <Page name={route} title={title} maxWidth="lg">
      <ScreenHeader
        title={title}
        demo={hasDemoEvents(all)}
        subtitle={events.data ? `${events.data.season} · ${events.data.week?.label ?? 'No week'}` : null}
        aside={<OddsFreshness updatedAt={latestFetch(all)} />}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <WeekSelector weeks={weeks.data?.weeks ?? []} value={week ?? events.data?.week?.number} onChange={setWeek} />
        {free ? (
          <>
            <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
              Every book&apos;s latest line, free; a price is marked where one book beats every other. Members also see
              how each line moved.
            </Typography>
            <RouteButton to="compare-books" variant="outlined" size="small">
              Compare books
            </RouteButton>
          </>
        ) : (
          <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
            Tap a price to record a bet at that book&apos;s line.
          </Typography>
        )}
      </Box>
      {events.isFetching && events.isPlaceholderData ? (
        <LinearProgress aria-label="Loading the odds" sx={{ mb: 2 }} />
      ) : null}
      <QueryState
        isPending={events.isPending}
        error={events.error}
        loadingLabel="Loading the odds…"
        what="the odds"
        empty={`No ${info.label} games are loaded for this week.`}
      />
      {events.data && all.length === 0 ? <Alert severity="info">No games this week.</Alert> : null}
      {all.length > 0 ? <OddsBoard sport={sport} events={all} now={now} /> : null}
    </Page>
  );
}
