import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { BetForm } from './bet-form';
import { EntryDialog } from './entry-dialog';
import { ParlayForm } from './parlay-form';

type Kind = 'single' | 'parlay';

const TABS: readonly { kind: Kind; label: string }[] = [
  { kind: 'single', label: 'Single bet' },
  { kind: 'parlay', label: 'Parlay' },
];

/**
 * The dialog's body: a tab for the bet form and one for the parlay form. A tab's form is made the first time it
 * is shown and kept while the other is shown, so switching back keeps what was typed. Once something is
 * recorded, "See My Bets" closes the dialog onto the list that now holds it.
 */
function RecordTabs({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('single');
  const [shown, setShown] = useState<ReadonlySet<Kind>>(() => new Set<Kind>(['single']));
  const [recorded, setRecorded] = useState(false);
  const choose = (next: Kind) => {
    setKind(next);
    setShown((before) => new Set([...before, next]));
  };
  return (
    <>
      <Tabs
        value={kind}
        onChange={(_event, next: Kind) => choose(next)}
        variant="fullWidth"
        aria-label="What to record"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.kind}
            value={tab.kind}
            label={tab.label}
            id={`${id}-${tab.kind}-tab`}
            aria-controls={`${id}-${tab.kind}-panel`}
          />
        ))}
      </Tabs>
      {TABS.map((tab) => (
        <Box
          key={tab.kind}
          role="tabpanel"
          id={`${id}-${tab.kind}-panel`}
          aria-labelledby={`${id}-${tab.kind}-tab`}
          hidden={kind !== tab.kind}
          sx={{ pt: 2 }}
        >
          {shown.has(tab.kind) &&
            (tab.kind === 'single' ? (
              <BetForm bare onRecorded={() => setRecorded(true)} />
            ) : (
              <ParlayForm bare onRecorded={() => setRecorded(true)} />
            ))}
        </Box>
      ))}
      {recorded && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button variant="outlined" onClick={onClose}>
            See My Bets
          </Button>
        </Box>
      )}
    </>
  );
}

/**
 * "Record a bet" on My Bets: a single pick or bet, or a parlay, with the ledger's own forms. The whole screen on a
 * phone, a dialog elsewhere; what it records invalidates the ledger, so the list under it shows the new entry.
 */
export function RecordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <EntryDialog title="Record a bet" open={open} onClose={onClose} maxWidth="md">
      <RecordTabs onClose={onClose} />
    </EntryDialog>
  );
}
