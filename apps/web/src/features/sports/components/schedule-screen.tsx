import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BookEvent, SportKey, SportTeam } from '@pass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../../components/page';
import type { RouteName } from '../../../config/paths';
import type { ScheduleSlots } from '../../../lib/game-actions';
import { bookEventsQuery } from '../api/get-book-events';
import { useSeasonWeeks } from '../api/get-season-weeks';
import { teamsByAbbv, useTeams } from '../api/get-teams';
import { hasDemoEvents } from '../lib/demo';
import { latestFetch } from '../lib/lines';
import { routeSeason, SPORT_INFO } from '../lib/sports';
import { GameCard } from './game-card';
import { OddsFreshness } from './odds-freshness';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { TeamGrid } from './team-grid';
import { TeamSelect } from './team-select';
import { WeekSelector } from './week-selector';

export interface ScheduleScreenProps extends ScheduleSlots {
  route: RouteName;
  sport: SportKey;
  /** The season the route fixes (2023, 2024, classic); a `:season` parameter wins; else the current one. */
  fixedSeason?: number;
  teamRoute: RouteName;
}

/** Whether a game matches a text filter: either team's abbreviation, name or nickname. */
export function matchesText(event: BookEvent, teams: ReadonlyMap<string, SportTeam>, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [event.home_team, event.away_team].some((abbv) => {
    const team = teams.get(abbv);
    return [abbv, team?.name, team?.nickname, ...(team?.aka ?? [])].some((value) =>
      value?.toLowerCase().includes(needle),
    );
  });
}

/** Whether a game is between the two chosen teams (either may be unset). */
export function matchesVersus(event: BookEvent, first: string, second: string): boolean {
  const playing = [event.home_team, event.away_team];
  return [first, second].every((team) => !team || playing.includes(team));
}

/**
 * A season's schedule by week: the games with kickoff, score and line, filters, and the team grid; under each
 * game, what app/ puts in the `gameActions` place (the member's picks and bets).
 */
export function ScheduleScreen({
  route,
  sport,
  fixedSeason,
  teamRoute,
  gameActions: GameActions,
}: ScheduleScreenProps) {
  const params = useParams();
  const season = routeSeason(params.season, fixedSeason);
  const info = SPORT_INFO[sport];
  const [week, setWeek] = useState<number | undefined>(undefined);
  const [text, setText] = useState('');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');

  // Without a chosen week the server answers with the current one (today's, or the next).
  const events = useQuery({ ...bookEventsQuery(sport, { season, week }), placeholderData: keepPreviousData });
  const shownSeason = season ?? events.data?.season;
  const weeks = useSeasonWeeks(sport, shownSeason);
  const teams = useTeams(sport);
  // The opponents outside the league (FCS teams) too: their games name them.
  const teamMap = useMemo(() => teamsByAbbv(teams.data), [teams.data]);

  const shownWeek = week ?? events.data?.week?.number;
  const all = events.data?.events ?? [];
  const games = all.filter((event) => matchesText(event, teamMap, text) && matchesVersus(event, first, second));
  const title = `${info.label} schedule${shownSeason ? ` · ${shownSeason}` : ''}`;

  return (
    <Page name={route} title={title} maxWidth="lg">
      <ScreenHeader
        title={title}
        demo={hasDemoEvents(all)}
        subtitle={events.data?.week ? events.data.week.label : null}
        aside={<OddsFreshness updatedAt={latestFetch(all)} />}
      />
      <Box
        component="form"
        role="search"
        aria-label="Filter games"
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, alignItems: 'center' }}
      >
        <WeekSelector weeks={weeks.data?.weeks ?? []} value={shownWeek} onChange={(number) => setWeek(number)} />
        <TextField
          id="matchup-filter"
          label="Find a matchup"
          placeholder="Team or city"
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ minWidth: { xs: '100%', sm: 220 } }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
          <TeamSelect
            id="versus-first"
            label="Team"
            teams={teams.data?.teams ?? []}
            value={first}
            onChange={setFirst}
          />
          <Typography component="span" color="text.secondary">
            vs
          </Typography>
          <TeamSelect
            id="versus-second"
            label="Opponent"
            teams={teams.data?.teams ?? []}
            value={second}
            onChange={setSecond}
          />
        </Box>
      </Box>

      {events.isFetching && events.isPlaceholderData ? (
        <LinearProgress aria-label="Loading the week" sx={{ mb: 2 }} />
      ) : null}
      <QueryState
        isPending={events.isPending}
        error={events.error}
        loadingLabel="Loading the schedule…"
        what="the schedule"
        empty={`No ${info.label} games are loaded for ${shownSeason ? `the ${shownSeason} season` : 'this season'} yet.`}
      />
      {events.data ? (
        games.length > 0 ? (
          <Box
            component="section"
            aria-label="Games"
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {games.map((event) => (
              <GameCard key={event.event_id} event={event} teams={teamMap} teamRoute={teamRoute}>
                {GameActions ? <GameActions event={event} weekEvents={all} /> : null}
              </GameCard>
            ))}
          </Box>
        ) : (
          <Alert severity="info">
            {all.length === 0 ? 'No games this week.' : 'No game this week matches the filters.'}
          </Alert>
        )
      ) : null}

      {teams.data ? <TeamGrid teams={teams.data.teams} teamRoute={teamRoute} /> : null}
      {teams.isError ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          Could not load the teams.
        </Alert>
      ) : null}
    </Page>
  );
}
