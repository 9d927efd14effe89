import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@pass/domain';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { RouteButton, RouteLink } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import { clearSessionUser } from '../../../lib/session-user';
import { useResetPassword } from '../api/reset-password';
import { AuthPage } from '../components/auth-page';
import { PasswordField } from '../components/password-field';
import { passwordCheck } from '../lib/account-checks';
import { useFormFields, type FieldSpec } from '../lib/use-form-fields';

const INVALID_LINK = 'This link is invalid, was already used or has expired.';

const FIELDS: Record<'password' | 'verify', FieldSpec> = {
  password: { subject: 'Password', check: passwordCheck },
  // A whole sentence: it is shown as it is.
  verify: { subject: 'The repeated password', check: (value) => (value === '' ? 'Type the new password again' : null) },
};

/** The reset link's page (its guard has checked the token): a new password, typed twice. */
export default function PasswdRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [linkDead, setLinkDead] = useState(false);
  const form = useFormFields(FIELDS, { password: '', verify: '' });
  const mismatch = form.values.verify !== '' && form.values.verify !== form.values.password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate() || form.values.verify !== form.values.password) return;
    reset.mutate(
      { token, password: form.values.password, verify: form.values.verify },
      {
        // Every session of the account has ended: this browser's copy of the user is stale.
        onSuccess: () => clearSessionUser(),
        onError: (error) => {
          const tokenProblem =
            error instanceof ApiError &&
            error.status === 400 &&
            (error.body?.error.fields ?? []).some(
              (problem) => problem.field.startsWith('params.token') || problem.field === 'body.token',
            );
          if (tokenProblem) setLinkDead(true);
          else form.showServerError(error, 'Could not change your password right now. Try again in a moment.');
        },
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthPage name="passwd" title="Password changed">
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          Your password has been changed. Log in with it now; any other device has been logged out.
        </Alert>
        <RouteButton to="login" variant="contained" size="large" fullWidth>
          Log in
        </RouteButton>
      </AuthPage>
    );
  }

  if (linkDead) {
    return (
      <AuthPage name="passwd" title="Choose a new password">
        <Alert severity="error" sx={{ mb: 3 }}>
          {INVALID_LINK}
        </Alert>
        <RouteButton to="password-reset" variant="contained" size="large" fullWidth>
          Ask for a new link
        </RouteButton>
      </AuthPage>
    );
  }

  const verifyField = form.field('verify');
  return (
    <AuthPage name="passwd" title="Choose a new password">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <PasswordField
          autoFocus
          label="New password"
          autoComplete="new-password"
          required
          fullWidth
          {...form.field('password', `At least ${PASSWORD_MIN_LENGTH} characters`)}
        />
        <PasswordField
          label="Repeat the new password"
          autoComplete="new-password"
          required
          fullWidth
          {...verifyField}
          error={verifyField.error || mismatch}
          helperText={mismatch ? 'The passwords do not match' : verifyField.helperText}
        />
        {form.general ? <Alert severity="error">{form.general}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        <RouteLink to="login">Back to log in</RouteLink>
      </Typography>
    </AuthPage>
  );
}
