import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RouteButton } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { AuthPage } from './auth-page';
import { RegisterForm } from './register-form';
import { ResendVerificationForm } from './resend-verification-form';

/** Sign-up at /signup and /user/register-new; after it, "Check your email" with a way to get a new link. */
export function RegisterScreen({ name }: { name: Extract<RouteName, 'signup' | 'register-new'> }) {
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) {
    return (
      <AuthPage name={name} title="Check your email">
        <Typography sx={{ mb: 2 }}>
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address, then log in. The link works for
          24 hours.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Nothing arrived after a few minutes? Check your spam folder, or ask for a new link.
        </Typography>
        <ResendVerificationForm email={sentTo} />
        <RouteButton to="login" variant="contained" fullWidth sx={{ mt: 2 }}>
          Log in
        </RouteButton>
        <Button variant="text" fullWidth sx={{ mt: 1 }} onClick={() => setSentTo(null)}>
          Use another address
        </Button>
      </AuthPage>
    );
  }

  return (
    <AuthPage name={name} title="Create your account">
      <RegisterForm onRegistered={setSentTo} />
    </AuthPage>
  );
}
