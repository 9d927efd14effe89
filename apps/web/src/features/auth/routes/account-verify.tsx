import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { RouteButton } from '../../../components/route-link';
import { pathTo } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { pendingInvitation } from '../../../lib/pending-invitation';
import { useVerifyEmail } from '../api/verify-email';
import { AuthPage } from '../components/auth-page';
import { ResendVerificationForm } from '../components/resend-verification-form';

/** The mailed confirmation link: confirms the address once, on arrival. */
export default function AccountVerifyRoute() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail(token);

  if (verify.isPending) {
    return (
      <AuthPage name="account-verify" title="Confirming your email">
        <Loading label="Confirming your email address…" />
      </AuthPage>
    );
  }

  if (verify.isSuccess) {
    const invitation = pendingInvitation();
    return (
      <AuthPage name="account-verify" title="Your email is confirmed">
        {invitation ? (
          <>
            <Typography sx={{ mb: 3 }}>
              Thank you. Your account is ready: log in to join the pool you were invited to.
            </Typography>
            <Button
              component={RouterLink}
              to={`${pathTo('login')}?${new URLSearchParams({ redirect: invitation })}`}
              variant="contained"
              size="large"
              fullWidth
            >
              Log in and join the pool
            </Button>
          </>
        ) : (
          <>
            <Typography sx={{ mb: 3 }}>Thank you. Your account is ready: log in to start.</Typography>
            <RouteButton to="login" variant="contained" size="large" fullWidth>
              Log in
            </RouteButton>
          </>
        )}
      </AuthPage>
    );
  }

  // A 4xx means the token itself is no good; anything else may pass on a second try.
  const linkDead = verify.error instanceof ApiError && verify.error.status < 500;
  return (
    <AuthPage name="account-verify" title="Your email is not confirmed">
      {linkDead ? (
        <>
          <Alert severity="error" sx={{ mb: 3 }}>
            This link is invalid, was already used or has expired.
          </Alert>
          <Typography sx={{ mb: 2 }}>
            Already confirmed? Just log in. Otherwise enter your email address and we will send you a new link.
          </Typography>
          <ResendVerificationForm />
          <RouteButton to="login" variant="text" fullWidth sx={{ mt: 1 }}>
            Log in
          </RouteButton>
        </>
      ) : (
        <Alert severity="error">
          We could not confirm your email address right now. Reload the page in a moment to try again.
        </Alert>
      )}
    </AuthPage>
  );
}
