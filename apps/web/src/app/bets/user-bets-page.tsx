import Typography from '@mui/material/Typography';
import type { SyncBet } from '@pass/contracts';
import { useState } from 'react';
import { BetForm } from '../../features/ledger/components/bet-form';
import { EntryDialog } from '../../features/ledger/components/entry-dialog';
import { UserBetsScreen } from '../../features/ledger/routes/user-bets';
import { SyncedBetsSection, syncLegText } from '../../features/sync/components/synced-bets-section';

/** `/user/bets`: My Bets with the bets synced from linked sportsbooks; one sync could not match is recorded here. */
export default function UserBetsPage() {
  const [recording, setRecording] = useState<SyncBet | null>(null);
  return (
    <UserBetsScreen>
      <SyncedBetsSection onRecordByHand={setRecording} />
      <EntryDialog title="Record by hand" open={recording !== null} onClose={() => setRecording(null)}>
        {recording ? (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              What the book reported:
            </Typography>
            <Typography component="ul" variant="body2" sx={{ mt: 0, mb: 2, pl: 2.5 }}>
              {recording.slip.legs.map((leg, index) => (
                <li key={index}>{syncLegText(leg)}</li>
              ))}
            </Typography>
            <BetForm bare onRecorded={() => setRecording(null)} />
          </>
        ) : null}
      </EntryDialog>
    </UserBetsScreen>
  );
}
