import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { InvitationRefusal, type PoolDetail } from '@pass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { pathTo } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { forgetInvitation, rememberInvitation } from '../../../lib/pending-invitation';
import { isRouteRegistered } from '../../../lib/route-registry';
import { useSessionUser } from '../../../lib/use-session-user';
import { invitationPreviewQuery, useAcceptInvitation } from '../api/pools';
import { formatWhen, INVITE_ERRORS, poolPageRoute, poolRulesLine, poolsListRoute } from '../lib/pool-text';
import { PoolIcon } from '../../../components/pool-icon';

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

/** What the app gives the invitation's page to create an account on it (the auth feature's form). */
export interface NewAccountSlotProps {
  token: string;
  invitedEmail: string | null;
  onJoined: (pool: PoolDetail) => void;
  onVerificationSent: (email: string) => void;
}

export interface AcceptScreenProps {
  /** The sign-up form for a new guest; without it, the page links to sign-up. */
  newAccountForm?: (props: NewAccountSlotProps) => ReactNode;
  /** The login form for a member who is signed out; `onLoggedIn` joins them. Without it, the page links to login. */
  loginForm?: (onLoggedIn: () => void) => ReactNode;
}

/**
 * An invitation's accept link (decision: join in one step). The page names the pool, its Lifeguard and its rules.
 * A signed-in member joins with one tap. A visitor creates their account here (the invited address needs no
 * confirmation: the mailed link proves it) and lands signed in on the pool's page, or logs in here and is joined.
 * A refused invitation says why on the page; a refusal met while joining goes to the invite-error page.
 */
export function AcceptScreen({ newAccountForm, loginForm }: AcceptScreenProps) {
  const { token = '' } = useParams();
  const user = useSessionUser();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  // The last answer stays on show while it is asked again for the member who just signed in.
  const preview = useQuery({ ...invitationPreviewQuery(token, user?.id ?? null), placeholderData: keepPreviousData });
  // A visitor's forms stay until their own answer is handled: signing in on them must not take them away first.
  const [asVisitor, setAsVisitor] = useState(user === null);
  const [joined, setJoined] = useState<PoolDetail | null>(null);
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const here = pathTo('pool-party-accept', { token });
  // A visitor who signs up with another address confirms it first: the confirmation page brings them back here.
  useEffect(() => {
    if (!user) rememberInvitation(here);
  }, [user, here]);

  const goToPool = (pool: PoolDetail) => {
    forgetInvitation();
    const page = poolPageRoute(pool.sport);
    if (isRouteRegistered(page)) void navigate(pathTo(page, { id: pool.id }), { replace: true });
    else setJoined(pool);
  };
  const join = () =>
    accept.mutate(token, {
      onSuccess: ({ data }) => goToPool(data),
      onError: (error) => {
        const reason = refusalReason(error);
        if (reason) void navigate(`${pathTo('pool-party-invite-error')}?reason=${reason}`, { replace: true });
      },
    });

  const invitation = preview.data?.data;
  const unknown = preview.isError && preview.error instanceof ApiError && preview.error.status === 404;
  const refused = invitation?.refusal ? INVITE_ERRORS[invitation.refusal] : unknown ? INVITE_ERRORS.unknown : null;
  const lifeguardName = invitation ? invitation.lifeguard.name || invitation.lifeguard.username : null;
  const openPool = invitation ? poolPageRoute(invitation.pool.sport) : null;

  return (
    <Page name="pool-party-accept" title="Join a pool" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {invitation ? `Join ${invitation.pool.name}` : "You're invited to a Pool Party"}
      </Typography>
      {preview.isPending ? <Loading label="Loading the invitation…" /> : null}
      {invitation ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} data-testid="invitation">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <PoolIcon pool={invitation.pool} />
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {lifeguardName} invited you to {invitation.pool.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {poolRulesLine(invitation.pool)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Lifeguard {invitation.lifeguard.username} · {invitation.pool.member_count}{' '}
                {invitation.pool.member_count === 1 ? 'member' : 'members'}
                {invitation.pool.joining_closes_at
                  ? ` · Joining closes ${formatWhen(invitation.pool.joining_closes_at)}`
                  : ''}
              </Typography>
            </Stack>
          </Stack>
        </Paper>
      ) : null}
      {refused ? (
        <Alert severity="error" data-testid="invitation-refused">
          <strong>{refused.title}.</strong> {refused.advice}
        </Alert>
      ) : preview.isError && !unknown ? (
        <Alert severity="error">Could not load the invitation just now. Reload the page to try again.</Alert>
      ) : joined ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success">You joined {joined.name}.</Alert>
          <RouteButton to={poolsListRoute(joined.sport)} variant="contained">
            Go to my pools
          </RouteButton>
        </Stack>
      ) : !invitation ? null : user && !asVisitor ? (
        invitation.member ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="success">You are in this pool.</Alert>
            {openPool ? (
              <RouteButton to={openPool} params={{ id: invitation.pool.id }} variant="contained" size="large">
                Open the pool
              </RouteButton>
            ) : null}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
            <Typography>Signed in as {user.username}. Join to make your picks each week.</Typography>
            <Button variant="contained" size="large" onClick={join} disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : 'Join'}
            </Button>
            {accept.isError && refusalReason(accept.error) === null ? (
              <Alert severity="error">You could not join just now: {accept.error.message}. Try again.</Alert>
            ) : null}
          </Stack>
        )
      ) : mailedTo ? (
        <Alert severity="info" data-testid="confirm-other-address">
          Check your mail at {mailedTo}: open the link to confirm the address, then log in here to join.
        </Alert>
      ) : (
        <>
          <Tabs
            value={mode}
            onChange={(_event, value: 'new' | 'existing') => setMode(value)}
            variant="fullWidth"
            aria-label="How to join"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="new" label="New to PA$$" />
            <Tab value="existing" label="I have an account" />
          </Tabs>
          {mode === 'new' ? (
            newAccountForm ? (
              newAccountForm({
                token,
                invitedEmail: invitation.email,
                onJoined: goToPool,
                onVerificationSent: setMailedTo,
              })
            ) : (
              <RouteButton to="signup" variant="outlined">
                Create an account
              </RouteButton>
            )
          ) : loginForm ? (
            <>
              {accept.isPending ? <Loading label="Joining the pool…" /> : null}
              {loginForm(() => {
                setAsVisitor(false);
                join();
              })}
            </>
          ) : (
            <Button
              variant="contained"
              component={RouterLink}
              to={`${pathTo('login')}?${new URLSearchParams({ redirect: here })}`}
            >
              Log in to join
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
