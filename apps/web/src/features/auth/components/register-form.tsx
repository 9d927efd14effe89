import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@pass/domain';
import type { FormEvent } from 'react';
import { RouteLink } from '../../../components/route-link';
import { useRegister } from '../api/register';
import { normalizedEmail, SIGN_UP_FIELDS, USERNAME_HINT } from '../lib/account-checks';
import { useFormFields } from '../lib/use-form-fields';
import { GoogleButton } from './google-button';
import { PasswordField } from './password-field';

/** Sign-up: checked as the user types with the server's own rules; the server's field problems under the fields. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const register = useRegister();
  const form = useFormFields(SIGN_UP_FIELDS, { name: '', username: '', email: '', password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const body = {
      username: form.values.username.trim(),
      email: normalizedEmail(form.values.email),
      password: form.values.password,
      ...(form.values.name.trim() ? { name: form.values.name.trim() } : {}),
    };
    register.mutate(body, {
      onSuccess: () => onRegistered(body.email),
      onError: (error) =>
        form.showServerError(error, 'Could not create your account right now. Try again in a moment.'),
    });
  };

  return (
    <>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          autoFocus
          label="Name"
          autoComplete="name"
          fullWidth
          {...form.field('name', 'Optional: shown in your pools')}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          fullWidth
          {...form.field('username', USERNAME_HINT)}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          {...form.field('email', 'We mail you a link to confirm it')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          fullWidth
          {...form.field('password', `At least ${PASSWORD_MIN_LENGTH} characters`)}
        />
        {form.general ? <Alert severity="error">{form.general}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
          {register.isPending ? 'Creating your account…' : 'Create account'}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        Already have an account? <RouteLink to="login">Log in</RouteLink>
      </Typography>
      <GoogleButton intent="register" />
    </>
  );
}
