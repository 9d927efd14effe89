import type { DemoReplayResponse, StatsTotals } from '@pass/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { useDemoReplay } from '../api/demo-replay';
import { dollars } from '../../../lib/money';
import { KIND_WORDS, signedNumber, SPORT_WORDS } from '../../../lib/bet-format';
import { byWeekOf, cumulativeOf } from '../lib/replay';
import { useReplaySelection, type ReplaySelection } from '../lib/use-replay-selection';
import { percent, ReplayFigures, ReplayLinkButton, ReplaySelectors, ReplayState } from './replay-parts';

const RewardChart = lazy(() => import('../../../components/reward-chart'));
const CumulativeRewardChart = lazy(() => import('./cumulative-reward-chart'));
const RecordChart = lazy(() => import('./record-chart'));

function ChartSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1 }}>
        <Suspense fallback={<Loading label="Loading the chart…" />}>{children}</Suspense>
      </Paper>
    </Box>
  );
}

/** The numbers behind a record chart, for reading and for screen readers. */
function RecordTable({
  label,
  column,
  rows,
}: {
  label: string;
  column: string;
  rows: { name: string; totals: StatsTotals }[];
}) {
  return (
    // Wider than a phone: the table scrolls inside a region a keyboard can reach and scroll.
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ mt: 1 }}
      tabIndex={0}
      role="region"
      aria-label={`${label}, the table`}
    >
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
          {rows.map(({ name, totals }) => (
            <TableRow key={name}>
              <TableCell>{name}</TableCell>
              <TableCell>{totals.record}</TableCell>
              <TableCell align="right">{totals.picks.count > 0 ? signedNumber(totals.picks.points) : '—'}</TableCell>
              <TableCell align="right">
                {totals.bets.count > 0 ? dollars(totals.bets.profit_cents, { signed: true }) : '—'}
              </TableCell>
              <TableCell align="right">{percent(totals.bets.roi)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const recordBar = (label: string, totals: StatsTotals) => ({
  label,
  wins: totals.wins,
  losses: totals.losses,
  pushes: totals.pushes,
});

/** Teams by pick points then profit, best first: the chart reads from the top. */
function teamsByReward(replay: DemoReplayResponse) {
  return [...replay.by_team].sort(
    (a, b) =>
      b.picks.points - a.picks.points || b.bets.profit_cents - a.bets.profit_cents || a.team.localeCompare(b.team),
  );
}

function Charts({ replay, selection }: { replay: DemoReplayResponse; selection: ReplaySelection }) {
  const kinds = replay.by_kind.map((row) => ({ name: KIND_WORDS[row.bet_kind] ?? String(row.bet_kind), totals: row }));
  const teams = teamsByReward(replay).map((row) => ({ name: row.team, totals: row }));
  return (
    <>
      <Box sx={{ mt: 3 }}>
        <ReplayFigures totals={replay.totals} clv={replay.clv} label="Season totals" />
      </Box>

      <ChartSection id="cumulative-heading" title="Cumulative reward by week">
        <CumulativeRewardChart points={cumulativeOf(replay.weeks)} />
      </ChartSection>

      <ChartSection id="weekly-heading" title="Reward by week">
        <RewardChart weeks={byWeekOf(replay.weeks)} />
      </ChartSection>

      <ChartSection id="kind-heading" title="Record by kind">
        <RecordChart rows={kinds.map((row) => recordBar(row.name, row.totals))} />
      </ChartSection>
      <RecordTable label="Record by kind" column="Kind" rows={kinds} />

      <ChartSection id="team-heading" title="Record by team">
        <RecordChart rows={teams.map((row) => recordBar(row.name, row.totals))} />
      </ChartSection>
      <RecordTable label="Record by team" column="Team" rows={teams} />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <ReplayLinkButton to="demo" selection={selection}>
          Play the season week by week
        </ReplayLinkButton>
        <ReplayLinkButton to="demo-modal" selection={selection}>
          Try the pick form
        </ReplayLinkButton>
      </Stack>
    </>
  );
}

/** /demo/charts: the replayed season as the charts a member's stats use. */
export function ReplayChartsScreen() {
  const { selection, select } = useReplaySelection();
  const replay = useDemoReplay(selection.sport, selection.season);
  const data = replay.data;
  return (
    <Page name="demo-charts" title="Demo charts" maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        {data?.season
          ? `The ${data.season} ${SPORT_WORDS[data.sport]?.toLowerCase()} replay in charts`
          : 'The replay in charts'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {data?.strategy.summary ?? 'A past season played with a simple strategy, graded as a member’s picks are.'}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <ReplaySelectors selection={selection} replay={data} onSelect={select} />
      </Box>
      <ReplayState query={replay} />
      {data && data.weeks.length > 0 && <Charts replay={data} selection={selection} />}
    </Page>
  );
}
