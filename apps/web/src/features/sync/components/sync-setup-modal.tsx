import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import type { CheckSubscriptionsRequiredResponse } from '@pass/contracts';
import { useEffect, useState } from 'react';
import { RouteButton } from '../../../components/route-link';

/** Set once the modal has been shown, so it opens once per browser session. */
export const SYNC_SETUP_SHOWN_KEY = 'pass.sync-setup-shown';

function shownThisSession(): boolean {
  try {
    return sessionStorage.getItem(SYNC_SETUP_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    sessionStorage.setItem(SYNC_SETUP_SHOWN_KEY, '1');
  } catch {
    // Storage refused (private mode): the modal may show again, which is harmless.
  }
}

/**
 * The home page's sync setup modal (the specification's): when `GET /billing/check-subscriptions-required`
 * says subscriptions are required, it names the linked accounts that stopped syncing and links to /subscribe,
 * once per browser session.
 */
export function SyncSetupModal({ check }: { check: CheckSubscriptionsRequiredResponse['data'] | undefined }) {
  // Decided once, when the check first says subscriptions are required: open unless shown this session.
  const [state, setState] = useState<'waiting' | 'open' | 'closed'>('waiting');
  if (state === 'waiting' && check?.subscriptions_required === true) {
    setState(shownThisSession() ? 'closed' : 'open');
  }
  const open = state === 'open';
  const setOpen = (next: boolean) => setState(next ? 'open' : 'closed');

  useEffect(() => {
    if (open) markShown();
  }, [open]);

  const stopped = check?.betsync_accounts.filter((account) => !account.betsync_account_access) ?? [];
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="sync-setup-title">
      <DialogTitle id="sync-setup-title">Your bet sync has stopped</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The free sync days of {stopped.length === 1 ? 'this sportsbook' : 'these sportsbooks'} are over, and no
          subscription covers {stopped.length === 1 ? 'it' : 'them'}, so {stopped.length === 1 ? 'its' : 'their'} bets
          no longer sync:
        </DialogContentText>
        <List dense aria-label="Sportsbooks that stopped syncing">
          {stopped.map((account) => (
            <ListItem key={account.betsync_account_id}>{account.betsync_book_name}</ListItem>
          ))}
        </List>
        <DialogContentText>
          The membership syncs 2 sportsbooks, and an add-on each one more. Your bets already synced stay.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>Not now</Button>
        <RouteButton to="subscribe" variant="contained" onClick={() => setOpen(false)}>
          Subscribe
        </RouteButton>
      </DialogActions>
    </Dialog>
  );
}
