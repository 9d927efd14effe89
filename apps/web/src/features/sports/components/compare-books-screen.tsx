import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';
import { bookEventsQuery } from '../api/get-book-events';
import { useSeasonWeeks } from '../api/get-season-weeks';
import { teamsByAbbv, useTeams } from '../api/get-teams';
import { hasDemoEvents } from '../lib/demo';
import { latestFetch } from '../lib/lines';
import { matchupText } from '../lib/format';
import { SPORT_INFO, SPORT_KEYS, teamRouteFor } from '../lib/sports';
import { BookTable } from './book-table';
import { GameCard } from './game-card';
import { OddsFreshness } from './odds-freshness';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { WeekSelector } from './week-selector';

/** Every book's line per game, the best price per market and side highlighted, the default book first. */
export function CompareBooksScreen() {
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const [week, setWeek] = useState<number | undefined>(undefined);
  const info = SPORT_INFO[sport];
  const events = useQuery({ ...bookEventsQuery(sport, { week }), placeholderData: keepPreviousData });
  const data = events.data?.sport === sport ? events.data : undefined;
  const weeks = useSeasonWeeks(sport, data?.season);
  const teams = useTeams(sport);
  // The opponents outside the league (FCS teams) too: their games name them.
  const teamMap = useMemo(() => teamsByAbbv(teams.data), [teams.data]);
  const all = data?.events ?? [];
  const games = [...all].sort((a, b) => Number(a.status === 'final') - Number(b.status === 'final'));

  return (
    <Page name="compare-books" title="Compare books" maxWidth="lg">
      <ScreenHeader
        title="Compare books"
        demo={hasDemoEvents(all)}
        subtitle="The best price for each side is highlighted."
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
      {data && games.length === 0 ? <Alert severity="info">No games this week.</Alert> : null}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {games.map((event) => (
          <GameCard key={event.event_id} event={event} teams={teamMap} teamRoute={teamRouteFor(sport)} showLine={false}>
            <BookTable event={event} highlightBest />
            <Typography variant="body2" sx={{ mt: 1 }}>
              <RouteLink to="compare-books-event" params={{ id: event.event_id }}>
                Line history: {matchupText(event, event.away_team, event.home_team)}
              </RouteLink>
            </Typography>
          </GameCard>
        ))}
      </Box>
    </Page>
  );
}
