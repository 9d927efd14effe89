import type { SportKey, StatsResponse, StatsTotals } from '@pass/contracts';
import { bookTitle, MONEY_KINDS, type MoneyKind } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { segmentSx } from '../../../components/segment-style';
import { StackedRows, type StackedField } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { useCurrentWeek } from '../api/current-week';
import { useStats } from '../api/stats';
import { dollars } from '../../../lib/money';
import { kindText, MONEY_HINTS, MONEY_WORDS, signedNumber, SPORT_WORDS } from '../../../lib/bet-format';
import { useStatsMoney } from '../lib/stats-money';
import { PlayLimitsCard } from './play-limits-card';
import { sportWords } from '../../../lib/sport-words';

const RewardChart = lazy(() => import('../../../components/reward-chart'));

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-figure={label}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const percent = (value: number | null) => (value === null ? '—' : `${signedNumber(value * 100, 1)}%`);

/** Streak marks (oldest first): ▲ at least the previous week, ▼ below it, • nothing. */
function Streak({ marks }: { marks: number[] }) {
  if (marks.length === 0) return <>—</>;
  return (
    <Box
      component="span"
      role="img"
      aria-label={marks.map((mark) => (mark > 0 ? 'up' : mark < 0 ? 'down' : 'even')).join(' ')}
      // Ten marks may wrap in a narrow column rather than widen it.
      sx={{ overflowWrap: 'anywhere' }}
    >
      {marks.map((mark, index) => (
        <Box
          component="span"
          key={index}
          // Dark shades: the marks keep a 3:1 contrast on white (WCAG 1.4.11).
          sx={{ color: mark > 0 ? 'success.dark' : mark < 0 ? 'error.main' : 'text.secondary', mr: 0.25 }}
        >
          {mark > 0 ? '▲' : mark < 0 ? '▼' : '•'}
        </Box>
      ))}
    </Box>
  );
}

function TotalsCells({ totals }: { totals: StatsTotals }) {
  return (
    <>
      <TableCell>{totals.record}</TableCell>
      <TableCell align="right">{totals.picks.count > 0 ? signedNumber(totals.picks.points) : '—'}</TableCell>
      <TableCell align="right">
        {totals.bets.count > 0 ? dollars(totals.bets.profit_cents, { signed: true }) : '—'}
      </TableCell>
      <TableCell align="right">{percent(totals.bets.roi)}</TableCell>
    </>
  );
}

/** The figures of a totals row as labelled fields, in the table's column order. */
function totalsFields(totals: StatsTotals): StackedField[] {
  return [
    { label: 'Record', value: totals.record },
    { label: 'Pick points', value: totals.picks.count > 0 ? signedNumber(totals.picks.points) : '—' },
    { label: 'Bet profit', value: totals.bets.count > 0 ? dollars(totals.bets.profit_cents, { signed: true }) : '—' },
    { label: 'ROI', value: percent(totals.bets.roi) },
  ];
}

/** Wide enough for a signed dollar figure, so a card holds three figures to a line on a phone. */
const MIN_FIELD_WIDTH = '5.5rem';

interface RecordRow extends StatsTotals {
  key: string;
  title: string;
}

/** Totals rows under one heading (by kind, by book): a table, or labelled cards on a phone. */
function RecordBy({ label, column, rows }: { label: string; column: string; rows: readonly RecordRow[] }) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <StackedRows
        label={label}
        minCardWidth="15rem"
        minFieldWidth={MIN_FIELD_WIDTH}
        rows={rows.map((row) => ({ key: row.key, title: row.title, fields: totalsFields(row) }))}
      />
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{column}</TableCell>
            <TableCell>Record</TableCell>
            <TableCell align="right">Pick points</TableCell>
            <TableCell align="right">Bet profit</TableCell>
            <TableCell align="right">ROI</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.title}</TableCell>
              <TotalsCells totals={row} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** By book: each sportsbook by its name, the entries recorded without one together, last. */
function bookRows(rows: StatsResponse['by_book']): RecordRow[] {
  return [...rows]
    .sort((a, b) => (a.book === null ? 1 : b.book === null ? -1 : bookTitle(a.book).localeCompare(bookTitle(b.book))))
    .map((row) => ({ ...row, key: row.book ?? 'none', title: row.book === null ? 'No book' : bookTitle(row.book) }));
}

/** What closing line value is, next to the member's own: the one figure that tells skill from luck soonest. */
function ClosingLineValue({ clv }: { clv: StatsResponse['clv'] }) {
  const points = (average: number | null) => (average === null ? '—' : `${signedNumber(average, 2)} pts`);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Closing line value compares the line you took with the line at kickoff, the market&apos;s last word. Taking the
        Chiefs at −2.5 when they close at −3.5 is +1 point of value: you got a better number than the close. Beating the
        close over many bets is the surest sign of good betting, win or lose.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Spreads {points(clv.spread.average)} over {clv.spread.count}; totals {points(clv.totals.average)} over{' '}
        {clv.totals.count}; moneylines {percent(clv.moneyline.average)} of win probability over {clv.moneyline.count}.
      </Typography>
    </>
  );
}

/**
 * By kind: moneyline, totals and spread entries, then the parlays. A parlay has no kind of its own (its legs
 * may mix them), so it is a row of its own; with it the rows add up to the totals above.
 */
function kindRows(stats: StatsResponse): RecordRow[] {
  const rows: RecordRow[] = stats.by_kind.map((row) => ({
    ...row,
    key: String(row.bet_kind),
    title: kindText(row.bet_kind, stats.sport),
  }));
  if (stats.parlays && stats.parlays.entries > 0) rows.push({ ...stats.parlays, key: 'parlays', title: 'Parlays' });
  return rows;
}

/** Each kind of money's totals, real money first: the chosen one is what the rest of the page counts. */
function moneyRows(stats: StatsResponse, chosen: MoneyKind): RecordRow[] {
  return MONEY_KINDS.map((kind) => ({
    ...stats.by_money[kind],
    key: kind,
    title: kind === chosen ? `${MONEY_WORDS[kind]} (shown)` : MONEY_WORDS[kind],
  }));
}

/** "Real money · Simulated · Paper": which kind of money every figure of the page counts. */
function MoneySwitch({ value, onChange }: { value: MoneyKind; onChange: (money: MoneyKind) => void }) {
  return (
    <Box sx={{ mt: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        aria-label="Kind of money"
        onChange={(_event, next: MoneyKind | null) => {
          if (next) onChange(next);
        }}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {MONEY_KINDS.map((kind) => (
          <ToggleButton key={kind} value={kind} sx={{ ...segmentSx, flex: { xs: 1, sm: 'none' }, px: 2 }}>
            {MONEY_WORDS[kind]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-money={value}>
        {MONEY_HINTS[value]}: every figure below counts these alone.
      </Typography>
    </Box>
  );
}

/** What the page counts, in the empty state's words. */
const NOTHING_GRADED: Record<MoneyKind, string> = {
  real: 'No graded real-money bets',
  simulated: 'No graded simulated bets or picks',
  teller: 'No graded paper bets',
};

type TeamRow = StatsResponse['by_team'][number];

const atsText = (row: TeamRow) => `${row.ats.wins}-${row.ats.losses}-${row.ats.pushes}`;

function RecordByTeam({ rows, sport }: { rows: readonly TeamRow[]; sport: string }) {
  // "Your ATS", or in baseball "Your RL": the picks' record against the line.
  const against = `Your ${sportWords(sport).spreadRecord}`;
  // Eight columns with streaks fit from the theme's md (900 px).
  const narrow = usePhoneLayout('md');
  if (narrow) {
    return (
      <StackedRows
        label="Record by team"
        minCardWidth="17rem"
        minFieldWidth={MIN_FIELD_WIDTH}
        rows={rows.map((row) => ({
          key: row.team,
          title: row.team,
          fields: [
            ...totalsFields(row),
            { label: against, value: atsText(row) },
            { label: 'Pick streak', value: <Streak marks={row.streak.picks} /> },
            { label: 'Bet streak', value: <Streak marks={row.streak.bets} /> },
          ],
        }))}
      />
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Record by team">
        <TableHead>
          <TableRow>
            <TableCell>Team</TableCell>
            <TableCell>Record</TableCell>
            <TableCell align="right">Pick points</TableCell>
            <TableCell align="right">Bet profit</TableCell>
            <TableCell align="right">ROI</TableCell>
            <TableCell>{against}</TableCell>
            <TableCell>Pick streak</TableCell>
            <TableCell>Bet streak</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.team}>
              <TableCell>{row.team}</TableCell>
              <TotalsCells totals={row} />
              <TableCell>{atsText(row)}</TableCell>
              <TableCell>
                <Streak marks={row.streak.picks} />
              </TableCell>
              <TableCell>
                <Streak marks={row.streak.bets} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Dashboard({ stats, season, money }: { stats: StatsResponse; season: number; money: MoneyKind }) {
  const { totals, clv } = stats;
  const sideRecord = (side: 'favored' | 'underdog') =>
    stats.by_side.find((row) => row.side === side)?.record ?? '0-0-0';
  const anyMoney = MONEY_KINDS.some((kind) => stats.by_money[kind].entries > 0);
  // Real money and play money side by side, whichever is shown: never summed into one figure.
  const beside = (
    <Section title="Real money and play money">
      <RecordBy label="Each kind of money" column="Money" rows={moneyRows(stats, money)} />
    </Section>
  );

  if (totals.entries === 0) {
    return (
      <>
        <Typography sx={{ mt: 3 }}>
          {NOTHING_GRADED[money]} in {season} yet: results show here once games are final.
        </Typography>
        {anyMoney && beside}
      </>
    );
  }
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        <Figure label="Record" value={totals.record} hint="Won–lost–push" />
        {totals.picks.count > 0 && (
          <Figure label="Pick points" value={signedNumber(totals.picks.points)} hint={`${totals.picks.count} picks`} />
        )}
        <Figure
          label="Bet profit"
          value={dollars(totals.bets.profit_cents, { signed: true })}
          hint={`${totals.bets.count} bets, ${dollars(totals.bets.staked_cents)} staked`}
        />
        <Figure label="ROI" value={percent(totals.bets.roi)} />
        <Figure label="Units" value={signedNumber(totals.bets.units, 2)} hint="One unit = your average stake" />
        <Figure
          label="Average CLV"
          value={clv.spread.average === null ? '—' : `${signedNumber(clv.spread.average, 2)} pts`}
          hint={`Spreads (${clv.spread.count}); totals ${clv.totals.average === null ? '—' : signedNumber(clv.totals.average, 2)} pts; moneylines ${percent(clv.moneyline.average)}`}
        />
      </Box>

      {beside}

      <Section title="Reward by week">
        <Paper variant="outlined" sx={{ p: 1 }}>
          <Suspense fallback={<Loading label="Loading the chart…" />}>
            <RewardChart weeks={stats.by_week} />
          </Suspense>
        </Paper>
      </Section>

      <Section title="Record by kind">
        <RecordBy label="Record by kind" column="Kind" rows={kindRows(stats)} />
        {stats.by_side.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Backing favourites {sideRecord('favored')}, underdogs {sideRecord('underdog')}.
          </Typography>
        )}
      </Section>

      <Section title="Record by team">
        <RecordByTeam rows={stats.by_team} sport={stats.sport} />
      </Section>

      {stats.by_book.length > 0 && (
        <Section title="Record by book">
          <RecordBy label="Record by book" column="Book" rows={bookRows(stats.by_book)} />
        </Section>
      )}

      <Section title="Closing line value">
        <ClosingLineValue clv={stats.clv} />
      </Section>
    </>
  );
}

/**
 * My stats: totals, reward by week, record by kind, by team with streaks and by book, and closing line value, of
 * one kind of money (real money unless the member chose another, docs/decisions/078-real-money-apart), with each
 * kind's totals side by side.
 */
export function StatsScreen() {
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const [chosenSeason, setChosenSeason] = useState<number | undefined>(undefined);
  const currentWeek = useCurrentWeek(sport);
  const currentSeason = currentWeek.data?.season ?? (currentWeek.isError ? new Date().getFullYear() : undefined);
  const season = chosenSeason ?? currentSeason;
  const [money, setMoney] = useStatsMoney();
  const stats = useStats(sport, season, money);
  const latest = currentSeason ?? new Date().getFullYear();
  const seasons = [latest, latest - 1, latest - 2, latest - 3];

  return (
    <Page name="user-stats" title="My stats" maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        My stats
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Sport"
          value={sport}
          onChange={(event) => setSport(event.target.value as SportKey)}
          sx={{ minWidth: 200 }}
        >
          {Object.entries(SPORT_WORDS).map(([key, words]) => (
            <MenuItem key={key} value={key}>
              {words}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Season"
          value={season ?? ''}
          onChange={(event) => setChosenSeason(Number(event.target.value))}
          sx={{ minWidth: 140 }}
        >
          {seasons.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <PlayLimitsCard />
      <MoneySwitch value={money} onChange={setMoney} />
      {(season === undefined || stats.isPending) && (
        <Loading
          label="Loading your stats…"
          // A query paused for the network with nothing kept waits for the connection: say so.
          offline={currentWeek.fetchStatus === 'paused' || stats.fetchStatus === 'paused'}
        />
      )}
      {stats.isError && (
        <Alert severity="error" sx={{ mt: 3 }}>
          Your stats could not be loaded: {stats.error.message}
        </Alert>
      )}
      {stats.data && season !== undefined && <Dashboard stats={stats.data} season={season} money={money} />}
    </Page>
  );
}
