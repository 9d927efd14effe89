import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Page } from '../../../components/page';
import { BetForm } from '../components/bet-form';
import { BetsList } from '../components/bets-list';
import { ParlayLauncher } from '../components/parlay-launcher';
import { ParlaysList } from '../components/parlays-list';

/** My Bets: record, the parlays, other features' sections (`children`, such as synced bets), then every entry. */
export function UserBetsScreen({ children }: { children?: ReactNode }) {
  return (
    <Page name="user-bets" title="My picks and bets" maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        My picks and bets
      </Typography>
      <Stack spacing={3}>
        <BetForm />
        <ParlayLauncher />
        <ParlaysList />
        {children}
        <BetsList />
      </Stack>
    </Page>
  );
}

export default function UserBetsRoute() {
  return <UserBetsScreen />;
}
