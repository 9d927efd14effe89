import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { BetForm } from '../components/bet-form';
import { BetsList } from '../components/bets-list';
import { ParlayLauncher } from '../components/parlay-launcher';
import { ParlaysList } from '../components/parlays-list';

export default function UserBetsRoute() {
  return (
    <Page name="user-bets" title="My picks and bets" maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        My picks and bets
      </Typography>
      <Stack spacing={3}>
        <BetForm />
        <ParlayLauncher />
        <ParlaysList />
        <BetsList />
      </Stack>
    </Page>
  );
}
