import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import type { BetSyncAccount, CheckSubscriptionsRequiredResponse } from '@pass/contracts';
import { useEffect, useState } from 'react';
import { RouteButton } from '../../../components/route-link';
import { useSyncOfferText } from '../../../lib/sync-offer';

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

/** Where an uncovered account stands: its free days left, or stopped. */
export function uncoveredAccountText(account: BetSyncAccount): string {
  if (!account.betsync_account_access) return `${account.betsync_book_name}: sync stopped`;
  const days = account.grace_days_remaining;
  return `${account.betsync_book_name}: ${days} ${days === 1 ? 'day' : 'days'} of free sync left`;
}

/**
 * The home page's sync setup modal (the specification's): when a linked account is not covered by the member's
 * subscriptions (decision 051), it names each one with its grace countdown, or says it stopped syncing, and
 * links to /subscribe, where the missing plans are selected; once per browser session.
 */
export function SyncSetupModal({ check }: { check: CheckSubscriptionsRequiredResponse['data'] | undefined }) {
  const offer = useSyncOfferText();
  const uncovered = check?.betsync_accounts.filter((account) => !account.covered) ?? [];
  // Decided once, when the check first shows an uncovered account: open unless shown this session.
  const [state, setState] = useState<'waiting' | 'open' | 'closed'>('waiting');
  if (state === 'waiting' && (check?.subscriptions_required === true || uncovered.length > 0)) {
    setState(shownThisSession() ? 'closed' : 'open');
  }
  const open = state === 'open';
  const setOpen = (next: boolean) => setState(next ? 'open' : 'closed');

  useEffect(() => {
    if (open) markShown();
  }, [open]);

  const stopped = uncovered.some((account) => !account.betsync_account_access);
  const one = uncovered.length === 1;
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="sync-setup-title">
      <DialogTitle id="sync-setup-title">
        {stopped ? 'Your bet sync has stopped' : 'Your bet sync needs a subscription'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          No subscription covers {one ? 'this sportsbook' : 'these sportsbooks'}, so {one ? 'it syncs' : 'they sync'}{' '}
          only for {one ? 'its' : 'their'} first 5 days:
        </DialogContentText>
        <List dense aria-label="Sportsbooks without a subscription">
          {uncovered.map((account) => (
            <ListItem key={account.betsync_account_id}>{uncoveredAccountText(account)}</ListItem>
          ))}
        </List>
        <DialogContentText>{offer} Your bets already synced stay.</DialogContentText>
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
