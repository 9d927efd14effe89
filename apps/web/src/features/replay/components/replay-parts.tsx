import type { DemoReplayResponse, ReplayClv, StatsTotals } from '@pass/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../../components/loading';
import type { RouteName } from '../../../config/paths';
import { isRouteRegistered } from '../../../lib/route-registry';
import { dollars } from '../../../lib/money';
import { signedNumber, SPORT_WORDS } from '../../../lib/bet-format';
import { REPLAY_SPORTS } from '../lib/replay';
import { replayPath, type ReplaySelection } from '../lib/use-replay-selection';

export const percent = (value: number | null) => (value === null ? '—' : `${signedNumber(value * 100, 1)}%`);

/** Sport and season of the replay; the seasons are the ones the server can replay. */
export function ReplaySelectors({
  selection,
  replay,
  onSelect,
}: {
  selection: ReplaySelection;
  replay: DemoReplayResponse | undefined;
  onSelect: (next: Partial<ReplaySelection>) => void;
}) {
  const seasons = replay?.seasons ?? [];
  const season = selection.season ?? replay?.season ?? '';
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Sport"
        value={selection.sport}
        onChange={(event) => onSelect({ sport: event.target.value as ReplaySelection['sport'], season: undefined })}
        sx={{ minWidth: 190 }}
      >
        {REPLAY_SPORTS.map((sport) => (
          <MenuItem key={sport} value={sport}>
            {SPORT_WORDS[sport]}
          </MenuItem>
        ))}
      </TextField>
      {/* Shown once the seasons are known: a disabled select's faint label would fail contrast meanwhile. */}
      {seasons.length > 0 && (
        <TextField
          select
          size="small"
          label="Season"
          value={seasons.some((item) => item.season === season) ? season : ''}
          onChange={(event) => onSelect({ season: Number(event.target.value) })}
          sx={{ minWidth: 190 }}
        >
          {seasons.map((item) => (
            <MenuItem key={item.season} value={item.season}>
              {item.season}
              {item.is_demo ? ' (demo data)' : ''}
              {item.complete ? '' : ' · in progress'}
            </MenuItem>
          ))}
        </TextField>
      )}
      {replay?.is_demo && <Chip color="warning" variant="outlined" label="Demo data: a generated season" />}
    </Box>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
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

/** Record, points, profit, ROI, units and CLV, as a member's stats show them. */
export function ReplayFigures({ totals, clv, label }: { totals: StatsTotals; clv: ReplayClv; label: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{ display: 'grid', gap: { xs: 1, md: 2 }, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
    >
      <Figure label="Record" value={totals.record} hint="Won–lost–push" />
      <Figure label="Pick points" value={signedNumber(totals.picks.points)} hint={`${totals.picks.count} picks`} />
      <Figure
        label="Bet profit"
        value={dollars(totals.bets.profit_cents, { signed: true })}
        hint={`${totals.bets.count} simulated ${totals.bets.count === 1 ? 'bet' : 'bets'}, ${dollars(totals.bets.staked_cents)} staked`}
      />
      <Figure label="ROI" value={percent(totals.bets.roi)} />
      <Figure label="Units" value={signedNumber(totals.bets.units, 2)} hint="One unit = the $100 stake" />
      <Figure
        label="Average CLV"
        value={clv.spread.average === null ? '—' : `${signedNumber(clv.spread.average, 2)} pts`}
        hint={`Spreads (${clv.spread.count}); moneylines ${percent(clv.moneyline.average)}`}
      />
    </Box>
  );
}

/** Loading, failure (with a retry) and the empty answer of a replay; null once there are weeks to show. */
export function ReplayState({ query }: { query: UseQueryResult<DemoReplayResponse> }) {
  if (query.isPending) return <Loading label="Loading the replay…" />;
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        The replay could not be loaded: {query.error.message}
      </Alert>
    );
  }
  if (query.data.weeks.length === 0) {
    return (
      <Alert severity="info">
        {query.data.season === null
          ? `No ${SPORT_WORDS[query.data.sport]?.toLowerCase()} season with final scores is loaded yet: the replay appears once one is.`
          : `The ${query.data.season} season has no final scores yet: pick another season.`}
      </Alert>
    );
  }
  return null;
}

/** A button to another demo screen, carrying the sport and season; absent while that screen does not exist. */
export function ReplayLinkButton({
  to,
  selection,
  extra,
  children,
  variant = 'outlined',
}: {
  to: RouteName;
  selection: ReplaySelection;
  extra?: Record<string, string>;
  children: ReactNode;
  variant?: 'outlined' | 'contained' | 'text';
}) {
  if (!isRouteRegistered(to)) return null;
  return (
    <Button component={RouterLink} to={replayPath(to, selection, extra)} variant={variant}>
      {children}
    </Button>
  );
}
