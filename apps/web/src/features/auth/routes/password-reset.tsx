import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { RouteLink } from '../../../components/route-link';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthPage } from '../components/auth-page';
import { emailCheck, normalizedEmail } from '../lib/account-checks';
import { useFormFields, type FieldSpec } from '../lib/use-form-fields';

type ResetField = 'email' | 'username';
const FIELDS: Record<ResetField, FieldSpec> = {
  email: { subject: 'Email', check: emailCheck },
  username: { subject: 'Username' },
};

/** Asks for a reset link; the answer is the same whether or not an account matched. */
export default function PasswordResetRoute() {
  const request = useRequestPasswordReset();
  const form = useFormFields(FIELDS, { email: '', username: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const username = form.values.username.trim();
    request.mutate(
      { email: normalizedEmail(form.values.email), ...(username ? { username } : {}) },
      { onError: (error) => form.showServerError(error, 'Could not send a link right now. Try again in a moment.') },
    );
  };

  return (
    <AuthPage name="password-reset" title="Reset your password">
      {request.isSuccess ? (
        <>
          <Alert severity="success" role="status" sx={{ mb: 3 }}>
            If an account matches, we have sent a link to {request.variables.email}. It works once, for one hour.
          </Alert>
          <Typography>
            Remembered it after all? <RouteLink to="login">Log in</RouteLink>
          </Typography>
        </>
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>
            Enter the email address of your account and we will mail you a link to choose a new password.
          </Typography>
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              autoFocus
              label="Email"
              type="email"
              autoComplete="email"
              required
              fullWidth
              {...form.field('email')}
            />
            <TextField
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              fullWidth
              {...form.field('username', 'Optional')}
            />
            {form.general ? <Alert severity="error">{form.general}</Alert> : null}
            <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Send me a link'}
            </Button>
          </Box>
          <Typography sx={{ mt: 3 }}>
            <RouteLink to="login">Back to log in</RouteLink>
          </Typography>
        </>
      )}
    </AuthPage>
  );
}
