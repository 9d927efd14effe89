import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { getSessionUser } from '../../../lib/session-user';
import { useCompleteSetup } from '../api/complete-setup';
import { AuthPage } from '../components/auth-page';
import { nameCheck, USERNAME_HINT, usernameCheck } from '../lib/account-checks';
import { useFormFields, type FieldSpec } from '../lib/use-form-fields';

const FIELDS: Record<'username' | 'name', FieldSpec> = {
  username: { subject: 'Username', check: usernameCheck },
  name: { subject: 'Name', check: nameCheck },
};

/** After signing up with Google: the username and name, then home. */
export default function AccountSetupRoute() {
  const navigate = useNavigate();
  const setup = useCompleteSetup();
  const form = useFormFields(FIELDS, () => {
    const user = getSessionUser();
    return { username: user?.username ?? '', name: user?.name ?? '' };
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setup.mutate(
      { username: form.values.username.trim(), name: form.values.name.trim() },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (error) =>
          form.showServerError(error, 'Could not save your account right now. Try again in a moment.'),
      },
    );
  };

  return (
    <AuthPage name="account-setup" title="Finish setting up your account">
      <Typography sx={{ mb: 3 }}>Choose the username your pools will know you by, and your name.</Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          autoFocus
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          fullWidth
          {...form.field('username', USERNAME_HINT)}
        />
        <TextField label="Name" autoComplete="name" fullWidth {...form.field('name', 'Optional')} />
        {form.general ? <Alert severity="error">{form.general}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={setup.isPending}>
          {setup.isPending ? 'Saving…' : 'Save and continue'}
        </Button>
      </Box>
    </AuthPage>
  );
}
