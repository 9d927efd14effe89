import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../lib/api-client';
import { useLogoutOthers } from '../api/logout-others';

/** Signs the member out of every other device at once (a lost phone, a shared computer); this one stays. */
export function OtherDevices() {
  const logoutOthers = useLogoutOthers();
  const ended = logoutOthers.data?.data.sessions_ended;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        Signed in somewhere you no longer use, or on a device you lost? Sign out everywhere else: those devices leave
        their pool chats at once and must log in again. This device stays signed in.
      </Typography>
      {ended !== undefined ? (
        <Alert severity="success" role="status">
          {ended === 0
            ? 'You were not signed in anywhere else.'
            : `Signed out of ${ended} other ${ended === 1 ? 'device' : 'devices'}.`}
        </Alert>
      ) : null}
      {logoutOthers.isError ? (
        <Alert severity="error">
          {logoutOthers.error instanceof ApiError && logoutOthers.error.status === 429
            ? logoutOthers.error.message
            : 'Could not sign out your other devices right now. Try again in a moment.'}
        </Alert>
      ) : null}
      <Button
        variant="outlined"
        disabled={logoutOthers.isPending}
        onClick={() => logoutOthers.mutate()}
        sx={{ justifySelf: { sm: 'start' } }}
      >
        {logoutOthers.isPending ? 'Signing out…' : 'Sign out all other devices'}
      </Button>
    </Box>
  );
}
