import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';
import { bookEventsQuery } from '../api/get-book-events';
import { useSeasonWeeks } from '../api/get-season-weeks';
import { hasDemoEvents } from '../lib/demo';
import { latestFetch } from '../lib/lines';
import { matchupText } from '../lib/format';
import { SPORT_INFO, SPORT_KEYS } from '../lib/sports';
import { useServerNow } from '../../../lib/server-clock';
import { OddsBoard } from './odds-board';
import { OddsFreshness } from './odds-freshness';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { WeekSelector } from './week-selector';

/**
 * The line shopper: every book's price per game and market, the best marked where one book beats the rest,
 * each game linked to its line history; tapping a price opens the bet slip.
 */
export function CompareBooksScreen() {
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const [week, setWeek] = useState<number | undefined>(undefined);
  const info = SPORT_INFO[sport];
  const events = useQuery({ ...bookEventsQuery(sport, { week }), placeholderData: keepPreviousData });
  const data = events.data?.sport === sport ? events.data : undefined;
  const weeks = useSeasonWeeks(sport, data?.season);
  const now = useServerNow();
  const all = data?.events ?? [];

  return (
    <Page name="compare-books" title="Compare books" maxWidth="lg">
      <ScreenHeader
        title="Compare books"
        demo={hasDemoEvents(all)}
        subtitle="A price is marked where one book beats every other. Tap a price to record a bet."
        aside={<OddsFreshness updatedAt={latestFetch(all)} />}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <TextField
          select
          id="sport-selector"
          label="Sport"
          size="small"
          value={sport}
          onChange={(event) => {
            setSport(event.target.value as SportKey);
            setWeek(undefined);
          }}
          sx={{ minWidth: { xs: '100%', sm: 200 } }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {SPORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {SPORT_INFO[key].label}
            </option>
          ))}
        </TextField>
        <WeekSelector weeks={weeks.data?.weeks ?? []} value={week ?? data?.week?.number} onChange={setWeek} />
      </Box>
      {events.isFetching && events.isPlaceholderData ? (
        <LinearProgress aria-label="Loading the odds" sx={{ mb: 2 }} />
      ) : null}
      <QueryState
        isPending={events.isPending || (!data && events.isFetching)}
        error={events.error}
        loadingLabel="Loading every book's odds…"
        what="the odds"
        empty={`No ${info.label} games are loaded for this week.`}
      />
      {data && all.length === 0 ? <Alert severity="info">No games this week.</Alert> : null}
      {all.length > 0 ? (
        <OddsBoard
          sport={sport}
          events={all}
          now={now}
          gameExtra={(event) => (
            <Typography variant="caption" sx={{ display: 'block' }}>
              <RouteLink
                to="compare-books-event"
                params={{ id: event.event_id }}
                aria-label={`Line history: ${matchupText(event, event.away_team, event.home_team)}`}
              >
                Line history
              </RouteLink>
            </Typography>
          )}
        />
      ) : null}
    </Page>
  );
}
