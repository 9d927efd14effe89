import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PASSWORD_MIN_LENGTH } from '@pass/domain';
import { useState, type FormEvent } from 'react';
import { useChangePassword } from '../api/change-password';
import { passwordCheck } from '../lib/account-checks';
import { useFormFields, type FieldSpec } from '../lib/use-form-fields';
import { PasswordField } from './password-field';

type PasswordFormField = 'currentPassword' | 'newPassword' | 'verify';
const FIELDS: Record<PasswordFormField, FieldSpec> = {
  currentPassword: { subject: 'This', check: (value) => (value === '' ? 'Enter your current password' : null) },
  newPassword: { subject: 'The new password', check: passwordCheck },
  verify: { subject: 'The repeated password', check: (value) => (value === '' ? 'Type the new password again' : null) },
};
const EMPTY = { currentPassword: '', newPassword: '', verify: '' };

/** A new password, with the current one as proof; the member's other sessions end. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useFormFields(FIELDS, EMPTY);
  const [saved, setSaved] = useState(false);
  const mismatch = form.values.verify !== '' && form.values.verify !== form.values.newPassword;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (!form.validate() || form.values.verify !== form.values.newPassword) return;
    change.mutate(
      { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          setSaved(true);
        },
        onError: (error) =>
          form.showServerError(error, 'Could not change your password right now. Try again in a moment.'),
      },
    );
  };

  const verifyField = form.field('verify');
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        fullWidth
        {...form.field('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        fullWidth
        {...form.field('newPassword', `At least ${PASSWORD_MIN_LENGTH} characters`)}
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
      {saved ? (
        <Alert severity="success" role="status">
          Your password has been changed. Your other devices have been logged out.
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" disabled={change.isPending} sx={{ justifySelf: { sm: 'start' } }}>
        {change.isPending ? 'Saving…' : 'Change password'}
      </Button>
    </Box>
  );
}
