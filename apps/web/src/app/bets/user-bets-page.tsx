import Typography from '@mui/material/Typography';
import type { SyncBet } from '@pass/contracts';
import { useState } from 'react';
import { useInvalidateLedger } from '../../lib/ledger-cache';
import { useLiveEntries } from '../../lib/use-live-games';
import { BetForm } from '../../features/ledger/components/bet-form';
import { EntryDialog } from '../../features/ledger/components/entry-dialog';
import { UserBetsScreen } from '../../features/ledger/routes/user-bets';
import { SyncedBetsSection, syncLegText } from '../../features/sync/components/synced-bets-section';

/**
 * `/user/bets`: My Bets with the bets synced from linked sportsbooks. One sync could not match is matched to the
 * games the member chooses in the section; a teaser over several games, which the ledger cannot hold, is recorded
 * here by hand with the bet form.
 */
export default function UserBetsPage() {
  const [recording, setRecording] = useState<SyncBet | null>(null);
  // A bet matched by hand is a new ledger entry: the ledger's lists and stats are stale after it.
  const invalidateLedger = useInvalidateLedger();
  // The member's entries are read again as their games are played and graded.
  useLiveEntries();
  return (
    <UserBetsScreen>
      <SyncedBetsSection onRecordByHand={setRecording} onMatched={invalidateLedger} />
      <EntryDialog title="Record by hand" open={recording !== null} onClose={() => setRecording(null)}>
        {recording ? (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              What the book reported (the ledger holds a teaser on one game only, so record its legs one by one):
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
