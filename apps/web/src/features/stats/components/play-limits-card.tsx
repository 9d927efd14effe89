import type { PlayLimitsStatus } from '@pass/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RouteLink } from '../../../components/route-link';
import { dollars } from '../../../lib/money';
import { usePlayLimits } from '../api/play-limits';

/** 1-800-GAMBLER on a phone's keypad. */
const HELPLINE_TEL = 'tel:+18004262537';
const HELPLINE_SMS = 'sms:+18004262537';
const NCPG_URL = 'https://www.ncpgambling.org/';

/** The month the spend is counted over, by name ("November"): a calendar month in US Eastern time. */
const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });

/** Where to find help, in plain words: the US National Problem Gambling Helpline and the NCPG. */
export function HelpResources() {
  return (
    <Typography variant="body2" component="p" sx={{ mt: 1 }}>
      If betting stops feeling like fun, free and confidential help is there day and night: call{' '}
      <Link href={HELPLINE_TEL}>1-800-GAMBLER</Link> or <Link href={HELPLINE_SMS}>text it</Link>, the National Problem
      Gambling Helpline, or visit{' '}
      <Link href={NCPG_URL} target="_blank" rel="noopener noreferrer">
        ncpgambling.org
      </Link>
      .
    </Typography>
  );
}

/**
 * A calm word when one of the member's own limits is reached: what happened, that it is their limit and
 * nothing is blocked, where help is, and where to change the limits.
 */
export function PlayLimitsNotice({ status }: { status: PlayLimitsStatus }) {
  const { notices, limits } = status;
  if (!notices.budget_reached && !notices.loss_streak_reached) return null;
  return (
    <Alert severity="info" role="status" sx={{ mt: 2 }}>
      {notices.budget_reached && limits.monthly_budget_cents !== null ? (
        <Typography variant="body2" component="p">
          You have staked {dollars(status.month_staked_cents)} of real money this month, reaching the{' '}
          {dollars(limits.monthly_budget_cents)} monthly budget you set for yourself.
        </Typography>
      ) : null}
      {notices.loss_streak_reached ? (
        <Typography variant="body2" component="p">
          Your last {status.loss_streak} graded real-money bets were losses, reaching the alert you set for{' '}
          {limits.loss_streak_alert} in a row.
        </Typography>
      ) : null}
      <Typography variant="body2" component="p" sx={{ mt: 1 }}>
        This is your own limit and only a reminder: nothing is blocked, and PA$$ never takes a bet. It may be a good
        moment for a pause.
      </Typography>
      <HelpResources />
      <Typography variant="body2" component="p" sx={{ mt: 1 }}>
        <RouteLink to="user-profile">Change your limits on your profile</RouteLink>
      </Typography>
    </Alert>
  );
}

/**
 * The stats screen's responsible-play card: this month's real money against the member's budget, and a
 * notice when a limit is reached. Nothing at all for a member without limits (or while it cannot load).
 */
export function PlayLimitsCard() {
  const { data } = usePlayLimits();
  if (!data) return null;
  const status = data.data;
  const budget = status.limits.monthly_budget_cents;
  if (budget === null && !status.notices.loss_streak_reached) return null;
  const share = budget === null ? 0 : Math.min(100, (status.month_staked_cents / budget) * 100);
  return (
    <Box component="section" aria-label="Responsible play" sx={{ mt: 3 }}>
      {budget !== null ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body1" component="p" data-figure="This month">
            This month: {dollars(status.month_staked_cents)} of your {dollars(budget)} budget
          </Typography>
          <LinearProgress
            variant="determinate"
            value={share}
            aria-label="Real money staked this month, against your budget"
            aria-valuetext={`${dollars(status.month_staked_cents)} of ${dollars(budget)}`}
            sx={{ my: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="caption" color="text.secondary" component="p">
            Real money staked in {monthName(status.month.month)} (US Eastern time), bets and parlays, typed or synced.
          </Typography>
        </Paper>
      ) : null}
      <PlayLimitsNotice status={status} />
    </Box>
  );
}
