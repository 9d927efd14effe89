import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { checkEmail } from '@pass/domain';
import { useId, useState, type FormEvent } from 'react';
import { useResendVerification } from '../api/resend-verification';
import { serverProblems } from '../lib/field-errors';

interface ResendVerificationFormProps {
  /** The address to send to, when already known; the form then shows just the button. */
  email?: string;
  /** Prefills the address field when the address is not known for sure. */
  defaultEmail?: string;
  buttonLabel?: string;
}

/** "Send a new link": mails a fresh confirmation link (`POST /auth/verify/resend`). */
export function ResendVerificationForm({
  email,
  defaultEmail = '',
  buttonLabel = 'Send a new link',
}: ResendVerificationFormProps) {
  const resend = useResendVerification();
  const [value, setValue] = useState(email ?? defaultEmail);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEmail(value);
    if (!checked.ok) {
      setProblem(checked.reason);
      return;
    }
    setProblem(null);
    resend.mutate({ email: checked.email });
  };

  if (resend.isSuccess) {
    return (
      <Alert severity="success" role="status">
        If {resend.variables.email} still needs confirming, a new link is on its way. It works for 24 hours.
      </Alert>
    );
  }

  const serverProblem = resend.isError ? serverProblems(resend.error, ['email'], { email: 'Email' }) : null;
  const fieldProblem = problem ?? serverProblem?.fields.email ?? null;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {email === undefined ? (
        <TextField
          id={fieldId}
          label="Email"
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldProblem !== null}
          helperText={fieldProblem ?? ' '}
          required
          fullWidth
        />
      ) : null}
      {resend.isError && !serverProblem?.fields.email ? (
        <Alert severity="error">Could not send a new link right now. Try again in a moment.</Alert>
      ) : null}
      <Button type="submit" variant="outlined" disabled={resend.isPending}>
        {resend.isPending ? 'Sending…' : buttonLabel}
      </Button>
    </Box>
  );
}
