import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PoolDetail } from '@pass/contracts';
import { PASSWORD_MIN_LENGTH } from '@pass/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useJoinWithNewAccount } from '../api/join-with-new-account';
import { normalizedEmail, SIGN_UP_FIELDS, USERNAME_HINT } from '../lib/account-checks';
import { useFormFields } from '../lib/use-form-fields';
import { PasswordField } from './password-field';

export interface InvitationSignupFormProps {
  token: string;
  /** The address the invitation was mailed to (null for a shareable link): taken as confirmed. */
  invitedEmail: string | null;
  onJoined: (pool: PoolDetail) => void;
  onVerificationSent: (email: string) => void;
}

/**
 * Sign-up on an invitation's page, under sign-up's rules: the invited address is shown and kept (the mailed
 * link proves it, so it needs no confirmation mail), and the account is signed in and in the pool at once.
 * "Use another address" makes it editable; another address is confirmed by mail first, as at sign-up.
 */
export function InvitationSignupForm({ token, invitedEmail, onJoined, onVerificationSent }: InvitationSignupFormProps) {
  const join = useJoinWithNewAccount();
  const [otherAddress, setOtherAddress] = useState(invitedEmail === null);
  const form = useFormFields(SIGN_UP_FIELDS, { name: '', username: '', email: invitedEmail ?? '', password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const email = normalizedEmail(form.values.email);
    const body = {
      token,
      username: form.values.username.trim(),
      password: form.values.password,
      ...(form.values.name.trim() ? { name: form.values.name.trim() } : {}),
      ...(otherAddress && email !== invitedEmail ? { email } : {}),
    };
    join.mutate(body, {
      onSuccess: (outcome) =>
        outcome.status === 'joined' ? onJoined(outcome.pool) : onVerificationSent(outcome.email),
      // A refusal (the invitation used or expired, the address's account) says why in the server's words.
      onError: (error) =>
        form.showServerError(
          error,
          error instanceof ApiError && error.status < 500
            ? error.message
            : 'Could not create your account right now. Try again in a moment.',
        ),
    });
  };

  const emailHint = otherAddress
    ? 'We mail you a link to confirm it before you join'
    : 'The address this invitation went to: no confirmation needed';
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Create your account"
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        fullWidth
        {...form.field('email', emailHint)}
        slotProps={{ htmlInput: { readOnly: !otherAddress } }}
      />
      {invitedEmail !== null ? (
        <Typography variant="body2" sx={{ mt: -1, mb: 1 }}>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setOtherAddress(!otherAddress);
              if (otherAddress) form.setValues((values) => ({ ...values, email: invitedEmail }));
            }}
          >
            {otherAddress ? `Use ${invitedEmail}` : 'Use another address'}
          </Link>
        </Typography>
      ) : null}
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        fullWidth
        {...form.field('username', USERNAME_HINT)}
      />
      <TextField label="Name" autoComplete="name" fullWidth {...form.field('name', 'Optional: shown in your pools')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        fullWidth
        {...form.field('password', `At least ${PASSWORD_MIN_LENGTH} characters`)}
      />
      {form.general ? <Alert severity="error">{form.general}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={join.isPending}>
        {join.isPending ? 'Creating your account…' : otherAddress ? 'Create account' : 'Create account and join'}
      </Button>
    </Box>
  );
}
