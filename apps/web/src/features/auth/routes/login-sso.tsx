import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Loading } from '../../../components/loading';
import { RouteButton } from '../../../components/route-link';
import { useClientConfig } from '../../../lib/client-config';
import { AuthPage } from '../components/auth-page';
import { googleStartUrl, leaveTo } from '../lib/google';

/** Single sign-on: straight on to Google when it is configured; otherwise says so. */
export default function LoginSsoRoute() {
  const { data: config, isPending } = useClientConfig();
  const available = config?.googleSignIn === true;
  const left = useRef(false);

  useEffect(() => {
    if (!available || left.current) return;
    left.current = true;
    leaveTo(googleStartUrl('login'));
  }, [available]);

  return (
    <AuthPage name="login-sso" title="Continue with Google">
      {isPending ? (
        <Loading />
      ) : available ? (
        <>
          <Loading label="Taking you to Google…" />
          <Button component="a" href={googleStartUrl('login')} variant="outlined" fullWidth>
            Nothing happening? Continue with Google
          </Button>
        </>
      ) : (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            Google sign-in is not available right now.
          </Alert>
          <Typography sx={{ mb: 3 }}>Log in with your username or email and your password instead.</Typography>
          <RouteButton to="login" variant="contained" size="large" fullWidth>
            Log in
          </RouteButton>
        </>
      )}
    </AuthPage>
  );
}
