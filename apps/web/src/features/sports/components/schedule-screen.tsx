import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BookEvent, SportKey, SportTeam } from '@pass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import type { RouteName } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import type { ScheduleSlots } from '../../../lib/game-actions';
import { useServerNow } from '../../../lib/server-clock';
import { useLiveGames } from '../../../lib/use-live-games';
import { bookEventsQuery } from '../api/get-book-events';
import { useSeasonWeeks } from '../api/get-season-weeks';
import { teamsByAbbv, useTeams } from '../api/get-teams';
import { hasDemoEvents } from '../lib/demo';
import { latestFetch } from '../lib/lines';
import { firstOpenGame, gamesByDay, parseWeekParam, withSeries } from '../lib/schedule';
import { routeSeason, SPORT_INFO } from '../lib/sports';
import { dayHeadingText, periodText } from '../lib/weeks';
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
 * game, what app/ puts in the `gameActions` place (the member's picks and bets). The week shown is the
 * address's `?week=` (so a reload, the back button and a shared link show the same week), else the server's
 * current week: the one holding the next game still to play. Baseball walks its season by dates, its games
 * under day headings.
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
  const [searchParams, setSearchParams] = useSearchParams();
  const weekParam = searchParams.get('week');
  const week = parseWeekParam(weekParam);
  const [text, setText] = useState('');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const now = useServerNow();

  // Without a chosen week the server answers with the current one.
  const events = useQuery({ ...bookEventsQuery(sport, { season, week }), placeholderData: keepPreviousData });
  // The current week, for "Next open game", when another week is shown (else it is the week shown).
  const currentQuery = useQuery({ ...bookEventsQuery(sport, { season }), enabled: week !== undefined });
  const current = week === undefined ? (events.isPlaceholderData ? undefined : events.data) : currentQuery.data;
  const shownSeason = season ?? events.data?.season;
  const weeks = useSeasonWeeks(sport, shownSeason);
  const teams = useTeams(sport);
  // The opponents outside the league (FCS teams) too: their games name them.
  const teamMap = useMemo(() => teamsByAbbv(teams.data), [teams.data]);

  const chooseWeek = useCallback(
    (number: number | undefined, replace = false) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (number === undefined) next.delete('week');
          else next.set('week', String(number));
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  // A week the season does not have (a mistyped or stale link) gives way to the current week.
  const unknownWeek =
    weekParam !== null &&
    (week === undefined ||
      (weeks.data !== undefined && !weeks.data.weeks.some((entry) => entry.number === week)) ||
      (events.error instanceof ApiError && (events.error.status === 404 || events.error.status === 400)));
  useEffect(() => {
    if (unknownWeek) chooseWeek(undefined, true);
  }, [unknownWeek, chooseWeek]);

  const shownWeek = week ?? events.data?.week?.number;
  // The games shown move as they are played: scores, statuses and where each stands, pushed as they change.
  useLiveGames(sport, events.data?.season, [events.data?.week?.number]);
  const all = useMemo(() => withSeries(events.data?.events ?? []), [events.data]);
  const games = all.filter((event) => matchesText(event, teamMap, text) && matchesVersus(event, first, second));
  const title = `${info.label} schedule${shownSeason ? ` · ${shownSeason}` : ''}`;

  // "Next open game": the first game still to play in the week shown when that is the current week, else the
  // current week's. None left in the season: the control is disabled.
  const loadedWeek = events.data && !events.isPlaceholderData ? events.data.week?.number : undefined;
  const currentNumber = current?.week?.number;
  const shownOpen = loadedWeek !== undefined && loadedWeek === currentNumber ? firstOpenGame(all, now) : undefined;
  const nextOpen = shownOpen ?? (current ? firstOpenGame(current.events, now) : undefined);
  const [focusTarget, setFocusTarget] = useState<number | null>(null);
  const gamesRef = useRef<HTMLDivElement>(null);
  const jumpToNextOpen = () => {
    if (!nextOpen) return;
    if (!matchesText(nextOpen, teamMap, text) || !matchesVersus(nextOpen, first, second)) {
      setText('');
      setFirst('');
      setSecond('');
    }
    if (!shownOpen && currentNumber !== undefined && currentNumber !== shownWeek) chooseWeek(currentNumber);
    setFocusTarget(nextOpen.event_id);
  };
  useEffect(() => {
    if (focusTarget === null) return;
    const card = gamesRef.current?.querySelector<HTMLElement>(`[data-event="${focusTarget}"]`);
    if (!card) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    card.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    card.focus({ preventScroll: true });
    setFocusTarget(null);
    // Looked for again whenever the games shown change: a new week arrives, or the filters are cleared.
  }, [focusTarget, all, text, first, second]);

  const card = (event: BookEvent, underDay?: string) => (
    <GameCard key={event.event_id} event={event} teams={teamMap} teamRoute={teamRoute} underDay={underDay}>
      {GameActions ? <GameActions event={event} weekEvents={all} /> : null}
    </GameCard>
  );

  return (
    <Page name={route} title={title} maxWidth="lg">
      <ScreenHeader
        title={title}
        demo={hasDemoEvents(all)}
        subtitle={events.data?.week ? periodText(info.period, events.data.week) : null}
        aside={<OddsFreshness updatedAt={latestFetch(all)} />}
      />
      <Box
        component="form"
        role="search"
        aria-label="Filter games"
        onSubmit={(event) => event.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, alignItems: 'center' }}
      >
        <WeekSelector
          weeks={weeks.data?.weeks ?? []}
          value={shownWeek}
          period={info.period}
          onChange={(number) => chooseWeek(number)}
        />
        <Button
          variant="outlined"
          onClick={jumpToNextOpen}
          disabled={!nextOpen}
          title={current && !nextOpen ? 'Every game of the season has started' : undefined}
          sx={{ minHeight: 40, width: { xs: '100%', sm: 'auto' } }}
        >
          Next open game
        </Button>
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
        error={unknownWeek ? null : events.error}
        loadingLabel="Loading the schedule…"
        what="the schedule"
        empty={`No ${info.label} games are loaded for ${shownSeason ? `the ${shownSeason} season` : 'this season'} yet.`}
      />
      {events.data ? (
        games.length > 0 ? (
          <Box component="section" aria-label="Games" ref={gamesRef}>
            {info.period === 'Dates' ? (
              gamesByDay(games).map(({ day, games: ofDay }) => (
                <DayOfGames key={day} day={day}>
                  {ofDay.map((event) => card(event, day))}
                </DayOfGames>
              ))
            ) : (
              <GameGrid>{games.map((event) => card(event))}</GameGrid>
            )}
          </Box>
        ) : (
          <Alert severity="info">
            {all.length === 0
              ? `No games ${info.period === 'Dates' ? 'on these dates' : 'this week'}.`
              : `No game ${info.period === 'Dates' ? 'on these dates' : 'this week'} matches the filters.`}
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

function GameGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** One day of a baseball week: its heading, then its games. */
function DayOfGames({ day, children }: { day: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ '& + &': { mt: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {dayHeadingText(day)}
      </Typography>
      <GameGrid>{children}</GameGrid>
    </Box>
  );
}
