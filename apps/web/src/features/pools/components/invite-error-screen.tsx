import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { INVITE_ERRORS, inviteErrorReason } from '../lib/pool-text';

/** Why an invitation could not be used: the accept screen names the reason in `?reason=`. */
export function InviteErrorScreen() {
  const [params] = useSearchParams();
  const problem = INVITE_ERRORS[inviteErrorReason(params.get('reason'))];
  return (
    <Page name="pool-party-invite-error" title="Invitation problem" maxWidth="sm">
      <Typography variant="h4" component="h1" gutterBottom>
        This invitation cannot be used
      </Typography>
      <Alert severity="warning" sx={{ mb: 3 }}>
        <strong>{problem.title}.</strong> {problem.advice}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RouteButton to="football-pools" variant="contained">
          My pools
        </RouteButton>
        <RouteButton to="pool-party" variant="outlined">
          Pool Party
        </RouteButton>
      </Stack>
    </Page>
  );
}
