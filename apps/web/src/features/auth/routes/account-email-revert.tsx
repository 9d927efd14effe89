import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { RouteButton } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import { clearSessionUser } from '../../../lib/session-user';
import { useRevertEmail } from '../api/revert-email';
import { whoamiQuery } from '../api/get-whoami';
import { AuthPage } from '../components/auth-page';

/**
 * The link mailed to the old address after an email change: "this was not me". It runs once, on arrival;
 * the account keeps this address, every device is logged out, and a new password must be chosen.
 */
export default function AccountEmailRevertRoute() {
  const { token = '' } = useParams();
  const revert = useRevertEmail(token);
  const queryClient = useQueryClient();
  const reverted = revert.isSuccess;

  useEffect(() => {
    // Every session has ended, this browser's too. (The whole cache is not dropped: it holds this screen's answer.)
    if (!reverted) return;
    clearSessionUser();
    queryClient.removeQueries({ queryKey: whoamiQuery.queryKey });
  }, [reverted, queryClient]);

  if (revert.isPending) {
    return (
      <AuthPage name="account-email-revert" title="Keeping your email address">
        <Loading label="Putting your email address back…" />
      </AuthPage>
    );
  }

  if (reverted) {
    return (
      <AuthPage name="account-email-revert" title="Your email address is back">
        <Typography sx={{ mb: 2 }}>
          This address is your account’s again. Every device has been logged out, and your password has been cleared,
          since whoever asked for the change knew it.
        </Typography>
        <Typography sx={{ mb: 3 }}>
          We have mailed you a link to choose a new password. If it does not arrive, or has expired, ask for a new one.
        </Typography>
        <RouteButton to="password-reset" variant="contained" size="large" fullWidth>
          Ask for a password link
        </RouteButton>
      </AuthPage>
    );
  }

  // A 4xx means the token itself is no good; anything else may pass on a second try.
  const linkDead = revert.error instanceof ApiError && revert.error.status < 500;
  return (
    <AuthPage name="account-email-revert" title="Your email address was not changed back">
      {linkDead ? (
        <>
          <Alert severity="error" sx={{ mb: 3 }}>
            This link is invalid, was already used or has expired.
          </Alert>
          <Typography sx={{ mb: 2 }}>
            If someone else changed your address, reset your password, or contact support.
          </Typography>
          <RouteButton to="password-reset" variant="contained" fullWidth>
            Reset my password
          </RouteButton>
        </>
      ) : (
        <Alert severity="error">
          We could not put your email address back right now. Reload the page in a moment to try again.
        </Alert>
      )}
    </AuthPage>
  );
}
