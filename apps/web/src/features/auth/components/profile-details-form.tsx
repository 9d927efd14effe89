import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { AccountUser, UpdateProfileBody } from '@pass/contracts';
import { useState, type FormEvent } from 'react';
import { useUpdateProfile } from '../api/update-profile';
import { emailCheck, nameCheck, normalizedEmail, USERNAME_HINT, usernameCheck } from '../lib/account-checks';
import { useFormFields, type FieldSpec } from '../lib/use-form-fields';

const FIELDS: Record<'name' | 'username' | 'email', FieldSpec> = {
  name: { subject: 'Name', check: nameCheck },
  username: { subject: 'Username', check: usernameCheck },
  email: { subject: 'Email', check: emailCheck },
};

/** What changed, as the PATCH body: only the fields that differ from the account. */
export function profileChanges(user: AccountUser, values: Record<'name' | 'username' | 'email', string>) {
  const changes: UpdateProfileBody = {};
  const name = values.name.trim();
  if (name !== (user.name ?? '')) changes.name = name === '' ? null : name;
  const username = values.username.trim();
  if (username !== user.username) changes.username = username;
  const email = normalizedEmail(values.email);
  if (email !== user.email.toLowerCase()) changes.email = email;
  return changes;
}

/** Name, username and email; a new email address gets a confirmation link. */
export function ProfileDetailsForm({ user }: { user: AccountUser }) {
  const update = useUpdateProfile();
  const form = useFormFields(FIELDS, { name: user.name ?? '', username: user.username, email: user.email });
  const [outcome, setOutcome] = useState<{ savedEmail: string | null } | 'nothing' | null>(null);

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
        form.reset({ name: saved.name ?? '', username: saved.username, email: saved.email });
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
            ? 'A new address is confirmed by a link we mail to it'
            : 'Not confirmed yet: open the link we mailed you',
        )}
      />
      {form.general ? <Alert severity="error">{form.general}</Alert> : null}
      {outcome === 'nothing' ? <Alert severity="info">Nothing has changed.</Alert> : null}
      {outcome && outcome !== 'nothing' ? (
        <Alert severity="success" role="status">
          Your profile has been saved.
          {outcome.savedEmail
            ? ` We sent a confirmation link to ${outcome.savedEmail}: open it to confirm the new address before you next log in.`
            : ''}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={update.isPending} sx={{ justifySelf: { sm: 'start' } }}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </Button>
    </Box>
  );
}
