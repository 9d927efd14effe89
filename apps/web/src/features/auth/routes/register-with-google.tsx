import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Loading } from '../../../components/loading';
import { RouteButton, RouteLink } from '../../../components/route-link';
import { useClientConfig } from '../../../lib/client-config';
import { AuthPage } from '../components/auth-page';
import { googleStartUrl } from '../lib/google';

export default function RegisterWithGoogleRoute() {
  const { data: config, isPending } = useClientConfig();
  return (
    <AuthPage name="register-with-google" title="Sign up with Google">
      {isPending ? (
        <Loading />
      ) : config?.googleSignIn ? (
        <>
          <Typography sx={{ mb: 1 }}>
            Create your PA$$ account with your Google account: no new password to remember, and your email address is
            already confirmed.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Google asks you to agree to share your name and email address with PA$$. Then you choose a username.
          </Typography>
          <Button component="a" href={googleStartUrl('register')} variant="contained" size="large" fullWidth>
            Continue with Google
          </Button>
          <Typography sx={{ mt: 3 }}>
            Prefer a password? <RouteLink to="register-new">Sign up with your email</RouteLink>
          </Typography>
        </>
      ) : (
        <>
          <Alert severity="info" sx={{ mb: 3 }}>
            Google sign-in is not available right now.
          </Alert>
          <RouteButton to="register-new" variant="contained" size="large" fullWidth>
            Sign up with your email
          </RouteButton>
        </>
      )}
      <Typography sx={{ mt: 3 }}>
        Already have an account? <RouteLink to="login">Log in</RouteLink>
      </Typography>
    </AuthPage>
  );
}
