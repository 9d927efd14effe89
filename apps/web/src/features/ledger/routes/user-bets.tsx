import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Page } from '../../../components/page';
import { BetsList } from '../components/bets-list';
import { ParlaysList } from '../components/parlays-list';
import { RecordDialog } from '../components/record-dialog';

/**
 * My Bets: the member's entries open the page at every width, then the parlays and other features' sections
 * (`children`, such as synced bets). Recording is one button above them, opening the bet and parlay forms in a
 * dialog (the whole screen on a phone).
 */
export function UserBetsScreen({ children }: { children?: ReactNode }) {
  const [recording, setRecording] = useState(false);
  return (
    <Page name="user-bets" title="My picks and bets" maxWidth="lg">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 1,
          mb: 2,
        }}
      >
        <Typography variant="h4" component="h1">
          My picks and bets
        </Typography>
        <Button
          variant="contained"
          size="large"
          onClick={() => setRecording(true)}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Record a bet
        </Button>
      </Box>
      <Stack spacing={3}>
        <BetsList />
        <ParlaysList />
        {children}
      </Stack>
      <RecordDialog open={recording} onClose={() => setRecording(false)} />
    </Page>
  );
}

export default function UserBetsRoute() {
  return <UserBetsScreen />;
}
