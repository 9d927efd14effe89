import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { RouteLink } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session-user';
import { useLogin } from '../api/login';
import { GoogleButton } from './google-button';
import { PasswordField } from './password-field';
import { ResendVerificationForm } from './resend-verification-form';

/** The one answer to a wrong username or password, whichever was wrong. */
export const INCORRECT_LOGIN = 'Incorrect username or password';

/** "Too many attempts, try again in N minutes", from Retry-After when it can be read. */
export function tooManyAttemptsMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return 'Too many attempts, try again later.';
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

type Failure = { kind: 'message'; text: string } | { kind: 'unverified' };

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'message', text: INCORRECT_LOGIN };
    // The admin suspended the account (decision 049): the server's message says so, with the reason.
    if (error.status === 403 && error.body?.error.fields?.some((field) => field.reason === 'account_suspended')) {
      return { kind: 'message', text: error.message };
    }
    if (error.status === 403) return { kind: 'unverified' };
    if (error.status === 429) return { kind: 'message', text: tooManyAttemptsMessage(error.retryAfterSeconds) };
    if (error.status === 400) return { kind: 'message', text: 'Check your username and password, then try again.' };
  }
  return { kind: 'message', text: 'Could not log you in right now. Try again in a moment.' };
}

/** Username (or email) and password; the account links; Google when available. */
export function LoginForm({
  onLoggedIn,
  autoFocus = true,
  returnTo,
}: {
  onLoggedIn: (user: SessionUser) => void;
  /** Where a sign-in with Google comes back to (it leaves the page, so `onLoggedIn` cannot run): home when absent. */
  returnTo?: string | undefined;
  /** Whether the username takes the focus (not on a page where the form is not the first thing). */
  autoFocus?: boolean;
}) {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username: boolean; password: boolean }>({
    username: false,
    password: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const absent = { username: username.trim() === '', password: password === '' };
    setMissing(absent);
    if (absent.username || absent.password) return;
    login.mutate({ username, password }, { onSuccess: onLoggedIn });
  };

  const failure = login.isError ? failureOf(login.error) : null;
  const typedEmail = username.includes('@') ? username.trim() : '';
  return (
    <>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          autoFocus={autoFocus}
          label="Username or email"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={missing.username}
          helperText={missing.username ? 'Enter your username or email' : undefined}
          required
          fullWidth
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={missing.password}
          helperText={missing.password ? 'Enter your password' : undefined}
          required
          fullWidth
        />
        {failure?.kind === 'message' ? <Alert severity="error">{failure.text}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </Box>
      {failure?.kind === 'unverified' ? (
        <Box sx={{ mt: 3, display: 'grid', gap: 2 }}>
          <Alert severity="warning">
            Your email address is not confirmed yet. Open the link we mailed you when you signed up, or send a new link.
          </Alert>
          <ResendVerificationForm defaultEmail={typedEmail} />
        </Box>
      ) : null}
      <Stack direction="row" sx={{ mt: 3, gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <RouteLink to="password-reset">Forgot your password?</RouteLink>
        <RouteLink to="register-new">Create an account</RouteLink>
      </Stack>
      <GoogleButton intent="login" returnTo={returnTo} />
    </>
  );
}
