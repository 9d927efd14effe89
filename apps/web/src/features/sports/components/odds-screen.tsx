import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { useMemo } from 'react';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { useBookEvents } from '../api/get-book-events';
import { teamsByAbbv, useTeams } from '../api/get-teams';
import { hasDemoEvents } from '../lib/demo';
import { latestFetch } from '../lib/lines';
import { SPORT_INFO } from '../lib/sports';
import { BookTable } from './book-table';
import { GameCard } from './game-card';
import { OddsFreshness } from './odds-freshness';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';

interface OddsScreenProps {
  route: RouteName;
  sport: SportKey;
  /** The free page (no login): no team links, an invitation to compare books instead. */
  free?: boolean;
  teamRoute: RouteName;
}

/** The current week's games with every book's latest moneyline, spread and total. */
export function OddsScreen({ route, sport, free = false, teamRoute }: OddsScreenProps) {
  const info = SPORT_INFO[sport];
  const events = useBookEvents(sport);
  const teams = useTeams(sport);
  // The opponents outside the league (FCS teams) too: their games name them.
  const teamMap = useMemo(() => teamsByAbbv(teams.data), [teams.data]);
  const all = events.data?.events ?? [];
  // Games still to come first: their odds are the ones worth shopping. A game whose result never came is over.
  const over = (event: (typeof all)[number]) => event.status === 'final' || event.result_missing === true;
  const games = [...all].sort((a, b) => Number(over(a)) - Number(over(b)));
  const title = `${free ? 'Free ' : ''}${info.label} odds`;
  return (
    <Page name={route} title={title} maxWidth="lg">
      <ScreenHeader
        title={title}
        demo={hasDemoEvents(all)}
        subtitle={events.data ? `${events.data.season} · ${events.data.week?.label ?? 'No week'}` : null}
        aside={<OddsFreshness updatedAt={latestFetch(all)} />}
      />
      {free ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
          <Typography color="text.secondary">
            Every book&apos;s latest line for this week, free; the best price on each side is highlighted. Members also
            see how each line moved.
          </Typography>
          <RouteButton to="compare-books" variant="outlined" size="small">
            Compare books
          </RouteButton>
        </Box>
      ) : null}
      <QueryState
        isPending={events.isPending}
        error={events.error}
        loadingLabel="Loading the odds…"
        what="the odds"
        empty={`No ${info.label} games are loaded for this week.`}
      />
      {events.data && games.length === 0 ? <Alert severity="info">No games this week.</Alert> : null}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {games.map((event) => (
          <GameCard
            key={event.event_id}
            event={event}
            teams={teamMap}
            teamRoute={free ? null : teamRoute}
            showLine={false}
          >
            <BookTable event={event} highlightBest />
          </GameCard>
        ))}
      </Box>
    </Page>
  );
}
