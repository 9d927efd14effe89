import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BetEntry, BookEvent, SportKey, StatsResponse, StatsTotals } from '@pass/contracts';
import { MONEY_KINDS, Status } from '@pass/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Loading } from '../../components/loading';
import { RouteButton, RouteLink } from '../../components/route-link';
import type { RouteName } from '../../config/paths';
import { useServerNow } from '../../lib/server-clock';
import { useLiveEntries, useLiveGames } from '../../lib/use-live-games';
import { useSessionUser } from '../../lib/use-session-user';
import { whoamiQuery } from '../../features/auth/api/get-whoami';
import { useCheckSubscriptions } from '../../features/billing/api/billing';
import { statsQuery } from '../../features/stats/api/stats';
import { GamePickActions } from '../../features/ledger/components/game-pick-actions';
import { dollars } from '../../lib/money';
import { gameText, gradingState, MONEY_WORDS, rewardText, signedNumber } from '../../lib/bet-format';
import { entrySummary, isBeforeKickoff } from '../../features/ledger/lib/picks';
import { PoolList } from '../../features/pools/components/pool-list';
import { isPoolRunning } from '../../features/pools/lib/pool-text';
import { seasonWeeksQuery } from '../../features/sports/api/get-season-weeks';
import { formatKickoff } from '../../features/sports/lib/format';
import { SyncSetupModal } from '../../features/sync/components/sync-setup-modal';
import { HOME_ENTRIES, homeCurrentWeekQuery, homeEntriesQuery, homeWeekEventsQuery } from './home-queries';

const DAY_MS = 86_400_000;
/** The coming days whose games the home lists. */
export const COMING_DAYS = 7;
/** The most games of one sport the home lists; the schedule has the rest. */
export const GAMES_PER_SPORT = 6;

interface SportInfo {
  sport: SportKey;
  name: string;
  schedule: RouteName;
}

const SPORTS: SportInfo[] = [
  { sport: 'americanfootball_nfl', name: 'NFL', schedule: 'football-schedule' },
  { sport: 'americanfootball_ncaaf', name: 'College football', schedule: 'ncaa-football-schedule' },
  { sport: 'baseball_mlb', name: 'MLB', schedule: 'baseball-schedule' },
];

/**
 * The signed-in member's home: the games still open to pick in the coming days (a pick in one tap), the member's
 * open entries, the latest graded ones, the season's record, and the member's pools; each section opens its
 * full screen. It composes the ledger's, the sports' and Pool Party's parts, which never import each other.
 */
export default function MemberHome() {
  const user = useSessionUser();
  const whoami = useQuery(whoamiQuery);
  // College screens need college access (the free month, a membership): without it its games are left out.
  const college = whoami.data?.collegeAccess.granted === true;
  // Until the account is known, the sports are not (a failed look leaves college out).
  const sports = whoami.isPending ? null : SPORTS.filter((info) => info.sport !== 'americanfootball_ncaaf' || college);
  // Whether linked sportsbooks stopped syncing for want of a subscription (the sync setup modal).
  const subscriptionsCheck = useCheckSubscriptions();
  const firstVisit = useFirstHomeVisit(user?.id);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
            {firstVisit ? 'Welcome' : 'Welcome back'}
            {user ? `, ${user.name || user.username}` : ''}
          </Typography>
          <Typography color="text.secondary">Your picks, bets and pools, and the games still open to pick.</Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <RouteButton to="teller-place-bet" variant="contained">
            Place a bet
          </RouteButton>
          <RouteButton to="user-bets" variant="outlined">
            My Bets
          </RouteButton>
        </Stack>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <NextGames sports={sports} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <OpenEntries />
            <LatestResults />
            <SeasonStats sports={sports} />
            <MyPools />
          </Stack>
        </Grid>
      </Grid>
      <SyncSetupModal check={subscriptionsCheck.data} />
    </Container>
  );
}

/**
 * Whether this is the member's first look at their home on this device (just signed up, say): "Welcome", and
 * "Welcome back" from the next visit on. Kept in the browser: a new device greets them once more.
 */
function useFirstHomeVisit(userId: number | undefined): boolean {
  const key = userId === undefined ? null : `pass.home-seen.${userId}`;
  const [first] = useState(() => {
    if (key === null) return false;
    try {
      return window.localStorage.getItem(key) === null;
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (key === null) return;
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Storage refused (private mode): the greeting stays "Welcome back".
    }
  }, [key]);
  return first;
}

/** A section of the home: a heading, its content, and a link to the full screen. */
function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: RouteName; label: string } | undefined;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}>
        <Typography id={`${id}-heading`} variant="h5" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {title}
        </Typography>
        {more ? (
          <RouteLink to={more.to} sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
            {more.label}
          </RouteLink>
        ) : null}
      </Stack>
      {children}
    </Paper>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The next games

type GameCounts = Partial<Record<SportKey, number>>;

function NextGames({ sports }: { sports: SportInfo[] | null }) {
  const now = useServerNow();
  // How many games each sport lists once loaded, so the section can say when none is open at all.
  const [counts, setCounts] = useState<GameCounts>({});
  const none = sports !== null && sports.every((info) => counts[info.sport] === 0);
  return (
    // No link of its own: each sport's games link to that sport's schedule.
    <HomeSection id="next-games" title="Next games to pick">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Games of the next {COMING_DAYS} days that have not kicked off: pick a side in one tap, or open the bet form.
      </Typography>
      {now && sports ? (
        <Stack spacing={2}>
          {sports.map((info) => (
            <SportNextGames key={info.sport} info={info} now={now} report={setCounts} />
          ))}
          {none ? (
            <Typography color="text.secondary">
              No game is open to pick in the next {COMING_DAYS} days. The schedules show what comes after.
            </Typography>
          ) : null}
        </Stack>
      ) : (
        <Loading label="Loading the next games" />
      )}
    </HomeSection>
  );
}

/** The US calendar day of an instant, as the server reckons weeks (six hours behind UTC). */
const usDay = (time: number) => new Date(time - 6 * 3_600_000).toISOString().slice(0, 10);

/** The games of a sport still open to pick in the coming days, soonest first. */
export function comingGames(events: readonly BookEvent[], now: Date, days = COMING_DAYS): BookEvent[] {
  const until = now.getTime() + days * DAY_MS;
  const time = (event: BookEvent) => Date.parse(event.kickoff ?? `${event.game_date}T12:00:00Z`);
  return events
    .filter((event) => isBeforeKickoff(event, now) && !event.result_missing && time(event) <= until)
    .sort((a, b) => time(a) - time(b) || a.event_id - b.event_id);
}

function SportNextGames({
  info,
  now,
  report,
}: {
  info: SportInfo;
  now: Date;
  report: Dispatch<SetStateAction<GameCounts>>;
}) {
  const current = useQuery(homeCurrentWeekQuery(info.sport));
  const season = current.data?.season;
  const weeks = useQuery({ ...seasonWeeksQuery(info.sport, season ?? 0), enabled: season !== undefined });
  // The weeks that overlap the coming days: the one under way and, near its end, the next.
  const from = usDay(now.getTime());
  const to = usDay(now.getTime() + COMING_DAYS * DAY_MS);
  const shownWeeks = (weeks.data?.weeks ?? []).filter((week) => week.end >= from && week.start <= to);
  useLiveGames(
    info.sport,
    season,
    shownWeeks.map((week) => week.number),
  );
  const results = useQueries({
    queries: shownWeeks.map((week) => homeWeekEventsQuery(info.sport, season ?? 0, week.number)),
  });
  const loading = current.isPending || (season !== undefined && weeks.isPending) || results.some((r) => r.isPending);
  const all = results.flatMap((result) => result.data?.events ?? []);
  const games = comingGames(all, now);
  const count = loading ? undefined : games.length;
  useEffect(() => {
    if (count !== undefined)
      report((counts) => (counts[info.sport] === count ? counts : { ...counts, [info.sport]: count }));
  }, [count, info.sport, report]);
  if (loading) return <Loading label={`Loading the next ${info.name} games`} />;
  if (games.length === 0) return null;
  const shown = games.slice(0, GAMES_PER_SPORT);

  return (
    <Box component="section" aria-label={`Next ${info.name} games`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {info.name}
        </Typography>
        <RouteLink to={info.schedule} variant="body2">
          {games.length > shown.length ? `${games.length - shown.length} more on the schedule` : 'Full schedule'}
        </RouteLink>
      </Stack>
      <List disablePadding aria-label={`${info.name} games open to pick`}>
        {shown.map((event) => (
          <ListItem key={event.event_id} divider disableGutters sx={{ display: 'block', py: 1 }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 600 }}>{gameText(event)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {formatKickoff(event.kickoff, event.game_date)}
              </Typography>
            </Stack>
            <GamePickActions event={event} weekEvents={shown} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The member's entries

function EntryRows({ entries, label, result }: { entries: BetEntry[]; label: string; result?: boolean }) {
  return (
    <List disablePadding aria-label={label}>
      {entries.map((entry) => {
        const state = gradingState(entry);
        return (
          <ListItem key={entry.id} divider disableGutters sx={{ display: 'block', py: 0.75 }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {gameText(entry.event)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {entrySummary(entry)}
                  {result ? null : ` · ${formatKickoff(entry.event.kickoff, entry.event.game_date)}`}
                </Typography>
              </Box>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                <Chip size="small" label={state} color={chipColor(state)} variant={result ? 'filled' : 'outlined'} />
                {result ? (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {rewardText(entry)}
                  </Typography>
                ) : null}
              </Stack>
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}

function chipColor(state: string): 'success' | 'error' | 'info' | 'warning' | 'default' {
  if (state === 'Won') return 'success';
  if (state === 'Lost') return 'error';
  if (state === 'Open') return 'info';
  if (state === 'In play') return 'warning';
  return 'default';
}

const kickoffTime = (entry: BetEntry) => Date.parse(entry.event.kickoff ?? `${entry.event.game_date}T12:00:00Z`);

function OpenEntries() {
  // Entries on games under way or just graded are read again as they change.
  useLiveEntries();
  const [open, pending] = useQueries({
    queries: [homeEntriesQuery(Status.open, HOME_ENTRIES), homeEntriesQuery(Status.pending, HOME_ENTRIES)],
  });
  const total = (open.data?.total ?? 0) + (pending.data?.total ?? 0);
  return (
    <HomeSection id="open-entries" title="Open picks and bets" more={{ to: 'user-bets', label: 'My Bets' }}>
      {open.isPending || pending.isPending ? (
        <Loading label="Loading your open entries" />
      ) : open.isError || pending.isError ? (
        <Alert severity="error">Your open entries could not be loaded.</Alert>
      ) : total === 0 ? (
        <Typography color="text.secondary">
          Nothing open: pick a game on the left, or record a bet on a schedule.
        </Typography>
      ) : (
        <>
          <EntryRows
            label="Open entries"
            entries={[...pending.data.data, ...open.data.data]
              .sort((a, b) => kickoffTime(a) - kickoffTime(b) || a.id - b.id)
              .slice(0, HOME_ENTRIES)}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {pending.data.total} in play, {open.data.total} waiting for kickoff.
          </Typography>
        </>
      )}
    </HomeSection>
  );
}

function LatestResults() {
  const graded = useQuery(homeEntriesQuery(Status.completed, HOME_ENTRIES * 3));
  const latest = (graded.data?.data ?? [])
    .slice()
    .sort((a, b) => Date.parse(b.graded_at ?? b.updated_at) - Date.parse(a.graded_at ?? a.updated_at) || b.id - a.id)
    .slice(0, 5);
  return (
    <HomeSection id="latest-results" title="Latest results" more={{ to: 'user-bets', label: 'All results' }}>
      {graded.isPending ? (
        <Loading label="Loading your latest results" />
      ) : graded.isError ? (
        <Alert severity="error">Your results could not be loaded.</Alert>
      ) : latest.length === 0 ? (
        <Typography color="text.secondary">
          No graded picks or bets yet: each is graded the moment its game ends.
        </Typography>
      ) : (
        <EntryRows label="Latest graded entries" entries={latest} result />
      )}
    </HomeSection>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The season's record

function SeasonStats({ sports }: { sports: SportInfo[] | null }) {
  return (
    <HomeSection id="season-stats" title="Your season" more={{ to: 'user-stats', label: 'My Stats' }}>
      {sports ? <SeasonStatsRows sports={sports} /> : <Loading label="Loading your season" />}
    </HomeSection>
  );
}

function SeasonStatsRows({ sports }: { sports: SportInfo[] }) {
  const currents = useQueries({ queries: sports.map((info) => homeCurrentWeekQuery(info.sport)) });
  const seasons = sports.map((info, index) => ({ info, season: currents[index]?.data?.season }));
  const stats = useQueries({
    queries: seasons.map(({ info, season }) => ({
      ...statsQuery(info.sport, season ?? 0),
      enabled: season !== undefined,
    })),
  });
  const loading =
    currents.some((query) => query.isPending) ||
    stats.some((query, index) => seasons[index]?.season !== undefined && query.isPending);
  if (loading) return <Loading label="Loading your season" />;
  // Each kind of money's totals (the answer of real money carries them all); a sport with none graded is left out.
  const rows = seasons.flatMap(({ info, season }, index) => {
    const byMoney = stats[index]?.data?.by_money;
    return byMoney && season !== undefined && MONEY_KINDS.some((kind) => byMoney[kind].entries > 0)
      ? [{ info, season, byMoney }]
      : [];
  });
  if (stats.some((query) => query.isError)) return <Alert severity="error">Your stats could not be loaded.</Alert>;
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary">
        Nothing graded this season yet: your record, points, profit and ROI show here after your first result.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {rows.map(({ info, season, byMoney }) => (
        <SeasonMoney key={info.sport} title={`${info.name} ${season}`} byMoney={byMoney} />
      ))}
    </Stack>
  );
}

/**
 * A sport's season: real money first (also when there is none yet), then the play money of each kind apart,
 * never summed with it (docs/decisions/078-real-money-apart).
 */
function SeasonMoney({ title, byMoney }: { title: string; byMoney: StatsResponse['by_money'] }) {
  const play = MONEY_KINDS.filter((kind) => kind !== 'real' && byMoney[kind].entries > 0);
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Stack spacing={0.5}>
        <StatsLine title={MONEY_WORDS.real} totals={byMoney.real} />
        {play.map((kind) => (
          <StatsLine key={kind} title={MONEY_WORDS[kind]} totals={byMoney[kind]} quiet />
        ))}
      </Stack>
    </Box>
  );
}

function StatsLine({ title, totals, quiet = false }: { title: string; totals: StatsTotals; quiet?: boolean }) {
  if (totals.entries === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-money-line={title}>
        {title}: nothing graded yet
      </Typography>
    );
  }
  const figures: [string, string][] = [['Record', totals.record]];
  if (totals.picks.count > 0) figures.push(['Pick points', signedNumber(totals.picks.points)]);
  if (totals.bets.count > 0) {
    figures.push(['Profit', dollars(totals.bets.profit_cents, { signed: true })]);
    if (totals.bets.roi !== null) figures.push(['ROI', `${signedNumber(totals.bets.roi * 100, 1)}%`]);
  }
  return (
    <Box data-money-line={title}>
      <Typography
        variant="caption"
        component="h4"
        color={quiet ? 'text.secondary' : 'text.primary'}
        sx={{ fontWeight: 700 }}
      >
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0 }}>
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Pools

function MyPools() {
  return (
    <HomeSection id="my-pools" title="Your pools" more={{ to: 'pool-party', label: 'Pool Party' }}>
      <PoolList
        label="Your pools"
        filter={isPoolRunning}
        empty="You are in no pool that is running. Host one for your office, or join with a friend's link."
      />
      <RouteButton to="football-pools" size="small" sx={{ mt: 1 }}>
        Create a pool
      </RouteButton>
    </HomeSection>
  );
}
