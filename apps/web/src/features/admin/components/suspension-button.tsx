import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { SUSPENSION_REASON_MAX } from '@pass/contracts';
import { useId, useState } from 'react';
import { useChangeSuspension, type SuspensionTarget } from '../api/suspensions';

const WHAT: Record<SuspensionTarget, { noun: string; effect: string }> = {
  users: {
    noun: 'account',
    effect: 'It is signed out everywhere at once and cannot log in until you lift the suspension.',
  },
  pools: {
    noun: 'pool',
    effect:
      'It becomes read-only for everyone: no picks, invitations, chat posts or settings until you lift the suspension. Its members see a banner with your reason.',
  },
};

/**
 * Suspends an account or a pool (asking why, in a dialog) or lifts its suspension: the admin's one control
 * for both, used in the tables and beside each refused invitation.
 */
export function SuspensionButton({
  target,
  id,
  name,
  suspended,
}: {
  target: SuspensionTarget;
  id: number;
  /** What the admin knows it by (a username, a pool's name). */
  name: string;
  suspended: boolean;
}) {
  const change = useChangeSuspension();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const { noun, effect } = WHAT[target];

  if (suspended) {
    return (
      <>
        <Button
          size="small"
          variant="outlined"
          disabled={change.isPending}
          onClick={() => change.mutate({ target, id, action: 'unsuspend' })}
          aria-label={`Lift the suspension of ${noun} ${name}`}
        >
          Lift
        </Button>
        {change.isError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {change.error.message}
          </Alert>
        ) : null}
      </>
    );
  }
  const close = () => {
    setOpen(false);
    change.reset();
  };
  return (
    <>
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={`Suspend ${noun} ${name}`}
      >
        Suspend
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate(
              { target, id, action: 'suspend', reason: reason.trim() },
              {
                onSuccess: () => {
                  setOpen(false);
                  setReason('');
                },
              },
            );
          }}
        >
          <DialogTitle id={titleId}>
            Suspend the {noun} {name}?
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{effect}</DialogContentText>
            <TextField
              autoFocus
              required
              fullWidth
              multiline
              minRows={2}
              label="Reason"
              helperText="Shown to the member; kept in the audit log."
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: SUSPENSION_REASON_MAX } }}
            />
            {change.isError ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {change.error.message}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" color="error" variant="contained" disabled={change.isPending || reason.trim() === ''}>
              Suspend
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
