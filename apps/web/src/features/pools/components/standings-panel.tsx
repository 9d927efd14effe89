import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  standingsIfEndedNowOf,
  type PoolDetail,
  type PointsPossibleResponse,
  type SlateGameView,
} from '@pass/contracts';
import { Fragment, lazy, Suspense, useMemo, useState } from 'react';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { useHeadToHead, useLiveStandings, useResults, useStandings, useWhatIf } from '../api/pool';
import { formatClv, rankOverSeason } from '../lib/pool-format';

const RankChart = lazy(() => import('./rank-chart'));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The standings if the games under way ended now, by member id (decision 072): the pool's decided weeks and the
 * picks that have locked, read when a game starts or ends, graded here at every score the live frames bring.
 */
function useEndedNow(poolId: number, games: readonly SlateGameView[], live: boolean) {
  const playedKey = games
    .filter((game) => game.locked || game.status !== 'scheduled')
    .map((game) => `${game.event_id}:${game.status}`)
    .join(',');
  const base = useLiveStandings(poolId, playedKey, live);
  const data = base.data?.data;
  return useMemo(() => {
    if (!live || !data) return undefined;
    const rows = standingsIfEndedNowOf(data, games);
    return new Map(rows.map((row) => [Number(row.memberId), row]));
  }, [live, data, games]);
}

interface StandingsColumn {
  key: string;
  header: string;
  /** What the column means, for its header's title and the legend under the table; null: it says it itself. */
  meaning: string | null;
}

const ENDED_NOW = {
  key: 'ended',
  header: 'If ended now',
  meaning: 'rank and points if the games under way ended at their current scores',
};

const LMS_OUT = { key: 'lms', header: 'LMS out week n', meaning: 'out of Last Man Standing since that week' };

/** The mark of a member's dropped weeks, in a pool that drops each member's worst weeks. */
const droppedMark = (dropWorstWeeks: number) => ({
  key: 'dropped',
  header: 'dropped wk n',
  meaning: `the member's ${dropWorstWeeks === 1 ? 'worst complete week' : `${dropWorstWeeks} worst complete weeks`}, left out of Pts (wins and TB still count them)`,
});

/** The standings' columns in order: their headers and their legend come from here, so neither drifts. */
const STANDINGS_COLUMNS: readonly StandingsColumn[] = [
  { key: 'rank', header: '#', meaning: 'rank by points, then wins, then the tiebreaker; equal members share it' },
  { key: 'member', header: 'Member', meaning: null },
  { key: 'points', header: 'Pts', meaning: 'season points (the Rules tab says how picks score)' },
  { key: 'record', header: 'W-L-P', meaning: 'picks won, lost and pushed; a missed pick counts as lost' },
  {
    key: 'tb',
    header: 'TB',
    meaning: "tiebreaker, each week's distance from its last game's total, added up (lower is better)",
  },
  { key: 'max', header: 'Max', meaning: 'the most points still possible this season' },
  ENDED_NOW,
  {
    key: 'clv',
    header: 'Avg CLV',
    meaning: 'how many points better (+) or worse (−) than the closing line the picks were, on average',
  },
];

/** Standings, the rank over the season, the weekly winners. */
export function StandingsPanel({
  pool,
  possible,
  liveGames = [],
}: {
  pool: PoolDetail;
  possible: PointsPossibleResponse['data'] | undefined;
  /**
   * The games of the week on show as they stand now (live frames move their scores): while one is under way,
   * the standings if the games ended now go beside the official ones, worked out here as the scores move.
   */
  liveGames?: readonly SlateGameView[];
}) {
  const standings = useStandings(pool.id);
  const live = liveGames.some((game) => game.status === 'in_progress');
  const endedNow = useEndedNow(pool.id, liveGames, live);
  const endedNowRow = (memberId: number) => endedNow?.get(memberId);
  const results = useResults(pool.id);
  // Closing line value exists in `ats` pools only; a phone-wide table has no room for it.
  const phone = usePhoneLayout();
  const showClv = pool.win_basis === 'ats' && !phone;
  // Nor for a column of the standings if the games ended now: a phone shows them under each member's points.
  const endedNowColumn = live && !phone;
  const endedNowText = (memberId: number) => {
    const row = endedNowRow(memberId);
    return row ? `#${row.rank} · ${row.points}` : '…';
  };
  if (standings.isPending) return <CircularProgress aria-label="Loading the standings" />;
  if (standings.isError) return <Alert severity="error">The standings could not be loaded.</Alert>;
  const rows = standings.data.data.rows;
  const lms = standings.data.data.last_man_standing;
  const columns = STANDINGS_COLUMNS.filter(
    (column) => (column.key !== 'ended' || endedNowColumn) && (column.key !== 'clv' || showClv),
  );
  // On a phone the rank and points if the games ended now sit under each member's points, marked "now".
  const legend = [
    ...columns.filter((column) => column.meaning !== null),
    ...(live && phone ? [{ ...ENDED_NOW, key: 'now', header: 'now' }] : []),
    ...(lms && lms.eliminated.length > 0 ? [LMS_OUT] : []),
    ...(pool.drop_worst_weeks > 0 ? [droppedMark(pool.drop_worst_weeks)] : []),
  ];
  const nameOf = (id: number) =>
    pool.members.find((member) => member.id === id)?.name ?? rows.find((row) => row.member_id === id)?.name ?? `#${id}`;
  const weeks = results.data?.data.weeks ?? [];
  const ranks = rankOverSeason(weeks);
  return (
    <>
      <Section title="Standings">
        <Table
          size="small"
          aria-label="Standings"
          // A phone fits the table by tighter cells and long names wrapping, never by scrolling sideways.
          sx={phone ? { '& .MuiTableCell-root': { px: 0.75 } } : undefined}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.key === 'rank' || column.key === 'member' ? 'left' : 'right'}
                  title={column.meaning ? `${column.header}: ${column.meaning}` : undefined}
                  sx={
                    column.key === 'record' || column.key === 'ended' || column.key === 'clv'
                      ? { whiteSpace: 'nowrap' }
                      : undefined
                  }
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const left = possible?.rows.find((candidate) => candidate.member_id === row.member_id);
              const out = lms?.eliminated.find((entry) => entry.member_id === row.member_id);
              return (
                <TableRow key={row.member_id}>
                  <TableCell>{row.rank}</TableCell>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                    {out && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        LMS out week {out.week}
                      </Typography>
                    )}
                    {row.dropped_weeks.length > 0 && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        data-testid="dropped-weeks"
                        sx={{ display: 'block' }}
                      >
                        dropped wk {row.dropped_weeks.join(', ')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {row.points}
                    {live && phone && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        data-column="ended-now"
                        aria-label={`If ended now: ${endedNowText(row.member_id)}`}
                        sx={{ display: 'block', whiteSpace: 'nowrap' }}
                      >
                        now {endedNowText(row.member_id)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.wins}-{row.losses}-{row.pushes}
                  </TableCell>
                  <TableCell align="right">{row.tiebreaker_error}</TableCell>
                  <TableCell align="right">{left ? left.season_possible : '—'}</TableCell>
                  {endedNowColumn && (
                    <TableCell align="right" data-column="ended-now" sx={{ whiteSpace: 'nowrap' }}>
                      {endedNowText(row.member_id)}
                    </TableCell>
                  )}
                  {showClv && (
                    <TableCell align="right">{row.avg_clv === null ? '—' : formatClv(row.avg_clv)}</TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {/* The columns explained where a phone can read them (a header's title needs a mouse). */}
        <Box
          component="dl"
          data-testid="standings-legend"
          aria-label="The standings' columns"
          sx={{
            mt: 1,
            mb: 0,
            typography: 'caption',
            color: 'text.secondary',
            '& dt': { fontWeight: 600, display: 'inline' },
            '& dd': { display: 'inline', ml: 0.5, mr: 1 },
          }}
        >
          {legend.map((column) => (
            <Fragment key={column.key}>
              <dt>{column.header}:</dt>
              <dd>{` ${column.meaning}.`}</dd>
            </Fragment>
          ))}
        </Box>
        {lms && lms.winners.length > 0 && (
          <Typography sx={{ mt: 1 }}>Last Man Standing: {lms.winners.map(nameOf).join(', ')}</Typography>
        )}
      </Section>
      <Section title="Rank over the season">
        {ranks.length === 0 ? (
          <Typography color="text.secondary">No week graded yet.</Typography>
        ) : (
          <Suspense fallback={<CircularProgress aria-label="Loading the chart" />}>
            <RankChart points={ranks} members={rows.map((row) => row.name)} />
          </Suspense>
        )}
      </Section>
      <Section title="Weekly winners">
        {weeks.filter((week) => week.complete).length === 0 ? (
          <Typography color="text.secondary">No week complete yet.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {weeks
              .filter((week) => week.complete)
              .map((week) => (
                <li key={week.week}>
                  Week {week.week}: {week.winners.map(nameOf).join(', ') || 'no winner'}
                </li>
              ))}
          </Box>
        )}
      </Section>
    </>
  );
}

function MemberSelect({
  label,
  pool,
  value,
  onChange,
}: {
  label: string;
  pool: PoolDetail;
  value: number | null;
  onChange: (id: number) => void;
}) {
  const id = `h2h-${label.toLowerCase()}`;
  return (
    <FormControl size="small" sx={{ minWidth: 140, flex: 1 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        label={label}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {pool.members.map((member) => (
          <MenuItem key={member.id} value={String(member.id)}>
            {member.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** "once", "twice", "3 times". */
export const timesText = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** Two members' record against each other, week by week. */
export function HeadToHeadPanel({ pool, meId }: { pool: PoolDetail; meId: number | null }) {
  const [a, setA] = useState<number | null>(meId);
  const [b, setB] = useState<number | null>(null);
  const result = useHeadToHead(pool.id, a, b);
  const data = result.data?.data;
  return (
    <Section title="Head-to-head">
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <MemberSelect label="Member" pool={pool} value={a} onChange={setA} />
        <MemberSelect label="Against" pool={pool} value={b} onChange={setB} />
      </Stack>
      {a !== null && a === b && <Typography color="text.secondary">Pick two different members.</Typography>}
      {result.isError && <Alert severity="error">The head-to-head could not be loaded.</Alert>}
      {data && (
        <>
          <Typography variant="h5" component="p" aria-label="Weeks won">
            {data.a.name} {data.a.weeks_won} – {data.b.weeks_won} {data.b.name}
            {data.tied > 0 ? ` (${data.tied} tied)` : ''}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Same pick {timesText(data.agreed)}, different {timesText(data.disagreed)}.
          </Typography>
          {/* Long names wrap in the header, so a phone never scrolls sideways. */}
          <Table
            size="small"
            aria-label="Week by week"
            sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } }, '& thead th': { overflowWrap: 'anywhere' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Week</TableCell>
                <TableCell align="right">{data.a.name}</TableCell>
                <TableCell align="right">{data.b.name}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.weeks.map((week) => (
                <TableRow key={week.week}>
                  <TableCell>{week.week}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: week.winner === 'a' ? 700 : 400 }}>
                    {week.a_points}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: week.winner === 'b' ? 700 : 400 }}>
                    {week.b_points}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <DifferentPicks data={data} confidence={pool.confidence} />
        </>
      )}
    </Section>
  );
}

/** A pick as the head-to-head shows it: "KC", with its confidence in a confidence pool ("KC (8)"), "—" for none. */
const pickText = (team: string | null, confidence: number | null, auto = false) =>
  team === null ? '—' : `${confidence === null ? team : `${team} (${confidence})`}${auto ? ' auto' : ''}`;

/** The locked games where the two picked differently, each side's pick (and confidence) by week. */
function DifferentPicks({
  data,
  confidence,
}: {
  data: NonNullable<ReturnType<typeof useHeadToHead>['data']>['data'];
  confidence: boolean;
}) {
  const different = data.games.filter((game) => !game.agree);
  if (different.length === 0) return null;
  return (
    <Table
      size="small"
      aria-label={confidence ? 'Different picks, with their confidence' : 'Different picks'}
      sx={{ mt: 2, '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } }, '& thead th': { overflowWrap: 'anywhere' } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>Week</TableCell>
          <TableCell align="right">{data.a.name}</TableCell>
          <TableCell align="right">{data.b.name}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {different.map((game) => (
          <TableRow key={game.event_id}>
            <TableCell>{game.week}</TableCell>
            <TableCell align="right">{pickText(game.a_team, game.a_confidence, game.a_auto)}</TableCell>
            <TableCell align="right">{pickText(game.b_team, game.b_confidence, game.b_auto)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const WHAT_IF_RULES = [
  { rule: 'straight', label: 'Straight up instead of against the spread' },
  { rule: 'half_point_push', label: 'Pushes worth half' },
  { rule: 'no_plays', label: 'Double and triple plays off' },
  { rule: 'confidence', label: 'Confidence points, each week’s picks ranked by their spreads' },
] as const;

/** The standings under other rules, beside the real ones (the API's what-if). */
export function WhatIfPanel({ pool }: { pool: PoolDetail }) {
  const [rules, setRules] = useState<string[]>(pool.win_basis === 'ats' ? ['straight'] : ['half_point_push']);
  const result = useWhatIf(pool.id, rules);
  const toggle = (rule: string) =>
    setRules((current) => (current.includes(rule) ? current.filter((item) => item !== rule) : [...current, rule]));
  return (
    <Section title="What if">
      <FormGroup sx={{ mb: 1 }}>
        {/* A confidence pool has no plays to turn off nor a season to replay under confidence points, and a push
            worth half is half its confidence. */}
        {WHAT_IF_RULES.filter(
          ({ rule }) =>
            (rule !== 'straight' || pool.win_basis === 'ats') &&
            ((rule !== 'no_plays' && rule !== 'confidence') || !pool.confidence),
        ).map(({ rule, label }) => (
          <FormControlLabel
            key={rule}
            control={<Checkbox checked={rules.includes(rule)} onChange={() => toggle(rule)} />}
            label={label}
          />
        ))}
      </FormGroup>
      {rules.length === 0 && <Typography color="text.secondary">Choose a rule to compare.</Typography>}
      {result.isError && <Alert severity="error">The what-if standings could not be loaded.</Alert>}
      {result.data && rules.length > 0 && (
        <Table size="small" aria-label="Standings, real and what if">
          <TableHead>
            <TableRow>
              <TableCell>Member</TableCell>
              <TableCell align="right">Real</TableCell>
              <TableCell align="right">What if</TableCell>
              <TableCell align="right">Move</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.data.data.rows.map((row) => (
              <TableRow key={row.member_id}>
                <TableCell component="th" scope="row">
                  {row.name}
                </TableCell>
                <TableCell align="right">
                  #{row.actual.rank} · {row.actual.points}
                </TableCell>
                <TableCell align="right">
                  #{row.what_if.rank} · {row.what_if.points}
                </TableCell>
                <TableCell align="right">
                  {row.rank_change > 0 ? `▲${row.rank_change}` : row.rank_change < 0 ? `▼${-row.rank_change}` : '–'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
