import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InvitationRefusal, type PoolDetail } from '@pass/contracts';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { pathTo } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { forgetInvitation, rememberInvitation } from '../../../lib/pending-invitation';
import { isRouteRegistered } from '../../../lib/route-registry';
import { useSessionUser } from '../../../lib/use-session-user';
import { useAcceptInvitation } from '../api/pools';
import { poolPageRoute, poolsListRoute, SPORT_NAMES } from '../lib/pool-text';
import { PoolIcon } from './pool-icon';

/** The invite-error page's reason for a refused acceptance: the server's reason code, or `unknown` (404). */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'unknown';
  if (error.status !== 409) return null;
  for (const field of error.body?.error.fields ?? []) {
    const reason = InvitationRefusal.safeParse(field.reason);
    if (reason.success) return reason.data;
  }
  return null;
}

/**
 * An invitation's accept link. A visitor logs in (or signs up, then logs in) and comes back here; a member
 * joins with one click and goes to the pool's page. A refusal goes to the invite-error page with its reason.
 */
export function AcceptScreen() {
  const { token = '' } = useParams();
  const user = useSessionUser();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [joined, setJoined] = useState<PoolDetail | null>(null);
  const here = pathTo('pool-party-accept', { token });
  // A visitor signs up first: the confirmation page brings them back here (lib/pending-invitation).
  useEffect(() => {
    if (!user) rememberInvitation(here);
  }, [user, here]);

  const join = () =>
    accept.mutate(token, {
      onSuccess: ({ data }) => {
        forgetInvitation();
        const page = poolPageRoute(data.sport);
        if (isRouteRegistered(page)) void navigate(pathTo(page, { id: data.id }), { replace: true });
        else setJoined(data);
      },
      onError: (error) => {
        const reason = refusalReason(error);
        if (reason) void navigate(`${pathTo('pool-party-invite-error')}?reason=${reason}`, { replace: true });
      },
    });

  return (
    <Page name="pool-party-accept" title="Join a pool" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom>
        You&apos;re invited to a Pool Party
      </Typography>
      {joined ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <PoolIcon pool={joined} />
            <div>
              <Typography variant="h5" component="h2">
                {joined.name}
              </Typography>
              <Typography color="text.secondary">
                {SPORT_NAMES[joined.sport]} {joined.season} · Lifeguard {joined.lifeguard.username} ·{' '}
                {joined.member_count} members
              </Typography>
            </div>
          </Stack>
          <Alert severity="success" sx={{ mb: 2 }}>
            You joined {joined.name}.
          </Alert>
          <RouteButton to={poolsListRoute(joined.sport)} variant="contained">
            Go to my pools
          </RouteButton>
        </Paper>
      ) : user ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            A Lifeguard invited you to their office pick&apos;em pool. Join it to make your picks each week.
          </Typography>
          <Button variant="contained" size="large" onClick={join} disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : 'Join the pool'}
          </Button>
          {accept.isError && refusalReason(accept.error) === null ? (
            <Alert severity="error">You could not join just now: {accept.error.message}. Try again.</Alert>
          ) : null}
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            A Lifeguard invited you to their office pick&apos;em pool. Log in to join it. New to PA$$? Create a free
            account and confirm your email: the confirmation brings you back here to join.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button
              variant="contained"
              component={RouterLink}
              to={`${pathTo('login')}?${new URLSearchParams({ redirect: here })}`}
            >
              Log in to join
            </Button>
            <RouteButton to="signup" variant="outlined">
              Create an account
            </RouteButton>
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
