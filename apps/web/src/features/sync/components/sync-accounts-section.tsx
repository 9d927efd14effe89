import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SyncAccount } from '@pass/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { RouteLink } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import {
  useCreateToken,
  useLinkAccount,
  useRevokeToken,
  useSyncAccounts,
  useSyncBooks,
  useSyncTokens,
  useUnlinkAccount,
} from '../api/sync';
import { useSyncOfferText } from '../../../lib/sync-offer';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.body ? error.message : fallback;

/** Where the account stands: its free days, its coverage, or sync off with the way back. */
export function SyncAccessNote({ account }: { account: SyncAccount }) {
  if (account.covered) {
    return (
      <Typography variant="body2" color="success.main">
        Covered by your membership
      </Typography>
    );
  }
  if (account.betsync_account_access) {
    const days = account.grace_days_remaining;
    return (
      <Typography variant="body2" color="text.secondary">
        {days} {days === 1 ? 'day' : 'days'} of free sync left
      </Typography>
    );
  }
  return (
    <Alert severity="warning" sx={{ py: 0 }}>
      Sync is off —{' '}
      <RouteLink to="subscribe" fallback="subscribe to sync it again">
        subscribe
      </RouteLink>
    </Alert>
  );
}

function NewToken({ token }: { token: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(token).then(() => setCopied(true));
  };
  return (
    <Alert severity="info" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Your new token, shown only this once: copy it now.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box component="code" aria-label="New token" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {token}
        </Box>
        <Button size="small" variant="outlined" onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Give it to the bet-sync client (<code>npm run sync-client</code>) on the computer that has your bet-history
        exports: it sends this account’s bets with it, and can read nothing.
      </Typography>
    </Alert>
  );
}

function AccountTokens({ account }: { account: SyncAccount }) {
  const tokens = useSyncTokens(account.betsync_account_id);
  const create = useCreateToken(account.betsync_account_id);
  const revoke = useRevokeToken(account.betsync_account_id);
  const [label, setLabel] = useState('');
  const [made, setMade] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return;
    create.mutate(label.trim(), {
      onSuccess: (token) => {
        setMade(token.token);
        setLabel('');
      },
    });
  };

  const live = tokens.data?.filter((token) => token.revoked_at === null) ?? [];
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        Sync client tokens
      </Typography>
      {tokens.isPending ? <Loading label="Loading the tokens…" /> : null}
      {tokens.error ? <Alert severity="error">The tokens could not be loaded.</Alert> : null}
      {tokens.data && live.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No tokens yet.
        </Typography>
      ) : null}
      {live.length > 0 ? (
        <List dense aria-label={`Tokens for ${account.betsync_book_name}`}>
          {live.map((token) => (
            <ListItem
              key={token.id}
              disableGutters
              // Room for the Revoke button, wider than the icon the list leaves space for.
              sx={{ pr: 10 }}
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  onClick={() => revoke.mutate(token.id)}
                  disabled={revoke.isPending}
                  aria-label={`Revoke ${token.label}`}
                >
                  Revoke
                </Button>
              }
            >
              <ListItemText
                primary={token.label}
                secondary={`${token.prefix}… · made ${dateText(token.created_at)}${
                  token.last_used_at ? ` · last used ${dateText(token.last_used_at)}` : ''
                }`}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {revoke.error ? (
        <Alert severity="error">{failureText(revoke.error, 'The token could not be revoked just now.')}</Alert>
      ) : null}
      <Stack component="form" direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }} onSubmit={submit}>
        <TextField
          size="small"
          label="Token label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <Button type="submit" variant="outlined" disabled={create.isPending || !label.trim()}>
          Create token
        </Button>
      </Stack>
      {create.error ? (
        <Alert severity="error">{failureText(create.error, 'The token could not be made just now.')}</Alert>
      ) : null}
      {made ? <NewToken token={made} /> : null}
    </Box>
  );
}

function AccountCard({
  account,
  onUnlink,
  uploadControl,
}: {
  account: SyncAccount;
  onUnlink: (account: SyncAccount) => void;
  uploadControl?: ((account: SyncAccount) => ReactNode) | undefined;
}) {
  const summary = account.last_sync_summary;
  return (
    <Paper component="article" variant="outlined" aria-label={account.betsync_book_name} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }} spacing={1}>
        <Box>
          <Typography variant="h6" component="h3">
            {account.betsync_book_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            Linked {dateText(account.created_at)}
          </Typography>
        </Box>
        <Button size="small" color="error" onClick={() => onUnlink(account)}>
          Unlink
        </Button>
      </Stack>
      <Box sx={{ mt: 1 }}>
        <SyncAccessNote account={account} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {account.last_sync_at && summary
          ? `Last sync ${dateText(account.last_sync_at)}: ${summary.stored} new of ${summary.bets} bets, ${summary.rejected} to check`
          : 'Not synced yet'}
      </Typography>
      {uploadControl ? <Box sx={{ mt: 2 }}>{uploadControl(account)}</Box> : null}
      <AccountTokens account={account} />
    </Paper>
  );
}

function LinkBook({ linked }: { linked: SyncAccount[] }) {
  const offer = useSyncOfferText();
  const books = useSyncBooks();
  const link = useLinkAccount();
  const [book, setBook] = useState('');
  const available = (books.data ?? []).filter((option) => !linked.some((account) => account.book === option.key));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!book) return;
    // Cleared at once: the new card shows before the call settles, and a book chosen next meanwhile must stay
    // chosen. A failed link gives the choice back, unless another was made since.
    const chosen = book;
    setBook('');
    link.mutate(chosen, { onError: () => setBook((current) => current || chosen) });
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Link a sportsbook
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label="Sportsbook"
          value={book}
          onChange={(event) => setBook(event.target.value)}
          sx={{ minWidth: 220 }}
          disabled={!books.data}
        >
          {available.map((option) => (
            <MenuItem key={option.key} value={option.key}>
              {option.title}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={!book || link.isPending}>
          Link
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {offer}
      </Typography>
      {link.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failureText(link.error, 'The sportsbook could not be linked just now.')}
        </Alert>
      ) : null}
    </Box>
  );
}

export interface SyncAccountsSectionProps {
  /** The slot in each linked account's card where that account's upload control goes. */
  uploadControl?: (account: SyncAccount) => ReactNode;
}

/**
 * The profile's Bet sync section (decision 051): the linked sportsbook accounts, each with its free days, its
 * coverage or the way to subscribe, its tokens for the bet-sync client and Unlink (asked first); then Link a
 * sportsbook.
 */
export function SyncAccountsSection({ uploadControl }: SyncAccountsSectionProps) {
  const accounts = useSyncAccounts();
  const unlink = useUnlinkAccount();
  const [confirming, setConfirming] = useState<SyncAccount | null>(null);

  const confirmUnlink = () => {
    const account = confirming;
    setConfirming(null);
    if (account) unlink.mutate(account.betsync_account_id);
  };

  if (accounts.isPending) return <Loading label="Loading your linked sportsbooks…" />;
  if (accounts.error) return <Alert severity="error">Your linked sportsbooks could not be loaded.</Alert>;
  return (
    <Box>
      {accounts.data.length === 0 ? (
        <Typography color="text.secondary">
          No sportsbook linked yet. Link one to bring its bets into PA$$ from its bet-history export.
        </Typography>
      ) : (
        <Stack spacing={2}>
          {accounts.data.map((account) => (
            <AccountCard
              key={account.betsync_account_id}
              account={account}
              onUnlink={setConfirming}
              uploadControl={uploadControl}
            />
          ))}
        </Stack>
      )}
      {unlink.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failureText(unlink.error, 'The sportsbook could not be unlinked just now.')}
        </Alert>
      ) : null}
      <LinkBook linked={accounts.data} />
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="unlink-title">
        <DialogTitle id="unlink-title">Unlink {confirming?.betsync_book_name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Its sync client tokens stop working. Your synced bets stay, and linking the book again brings the account
            back with its first link date (no new free days).
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Keep it</Button>
          <Button color="error" onClick={confirmUnlink}>
            Unlink
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export default SyncAccountsSection;
