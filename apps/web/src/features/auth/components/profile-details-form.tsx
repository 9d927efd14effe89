import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { AccountUser, UpdateProfileBody } from '@pass/contracts';
import { useState, type FormEvent } from 'react';
import { useUpdateProfile } from '../api/update-profile';
import { emailCheck, nameCheck, normalizedEmail, USERNAME_HINT, usernameCheck } from '../lib/account-checks';
import { useFormFields, type FieldSpec } from '../lib/use-form-fields';
import { PasswordField } from './password-field';

type ProfileField = 'name' | 'username' | 'email' | 'currentPassword';

const emailChanges = (user: AccountUser, email: string) => normalizedEmail(email) !== user.email.toLowerCase();

const fieldsFor = (user: AccountUser): Record<ProfileField, FieldSpec> => ({
  name: { subject: 'Name', check: nameCheck },
  username: { subject: 'Username', check: usernameCheck },
  email: { subject: 'Email', check: emailCheck },
  // The server asks for the password again before an email change, so a stolen session cannot move the account.
  currentPassword: {
    subject: 'This',
    check: (value, values) =>
      value === '' && emailChanges(user, values.email ?? '') ? 'Enter your password to change your email' : null,
  },
});

/** What changed, as the PATCH body: only the fields that differ from the account (and the password for an email). */
export function profileChanges(user: AccountUser, values: Record<ProfileField, string>) {
  const changes: UpdateProfileBody = {};
  const name = values.name.trim();
  if (name !== (user.name ?? '')) changes.name = name === '' ? null : name;
  const username = values.username.trim();
  if (username !== user.username) changes.username = username;
  if (emailChanges(user, values.email)) {
    changes.email = normalizedEmail(values.email);
    changes.currentPassword = values.currentPassword;
  }
  return changes;
}

/** Name, username and email; a new email address, asked for with the password, gets a confirmation link. */
export function ProfileDetailsForm({ user }: { user: AccountUser }) {
  const update = useUpdateProfile();
  const form = useFormFields(fieldsFor(user), {
    name: user.name ?? '',
    username: user.username,
    email: user.email,
    currentPassword: '',
  });
  const [outcome, setOutcome] = useState<{ savedEmail: string | null } | 'nothing' | null>(null);
  const changingEmail = emailChanges(user, form.values.email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!form.validate()) return;
    const changes = profileChanges(user, form.values);
    if (Object.keys(changes).length === 0) {
      setOutcome('nothing');
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        form.reset({ name: saved.name ?? '', username: saved.username, email: saved.email, currentPassword: '' });
        setOutcome({ savedEmail: changes.email ?? null });
      },
      onError: (error) => form.showServerError(error, 'Could not save your profile right now. Try again in a moment.'),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <TextField label="Name" autoComplete="name" fullWidth {...form.field('name', 'Optional: shown in your pools')} />
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
        {...form.field(
          'email',
          user.emailVerified
            ? 'A new address takes effect once you open the link we mail to it'
            : 'Not confirmed yet: open the link we mailed you',
        )}
      />
      {changingEmail ? (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          fullWidth
          {...form.field('currentPassword', 'Needed to change your email address')}
        />
      ) : null}
      {form.general ? <Alert severity="error">{form.general}</Alert> : null}
      {outcome === 'nothing' ? <Alert severity="info">Nothing has changed.</Alert> : null}
      {outcome && outcome !== 'nothing' ? (
        <Alert severity="success" role="status">
          Your profile has been saved.
          {outcome.savedEmail
            ? ` We sent a confirmation link to ${outcome.savedEmail}: your address changes when you open it. Your current address has been told of the change.`
            : ''}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={update.isPending} sx={{ justifySelf: { sm: 'start' } }}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </Button>
    </Box>
  );
}
