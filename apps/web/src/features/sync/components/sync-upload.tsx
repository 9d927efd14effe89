import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SyncAccount, SyncSummaryResponse } from '@pass/contracts';
import { useId, useRef, type ChangeEvent } from 'react';
import { RouteLink } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import { useUploadHistory } from '../api/sync';

type SyncSummary = SyncSummaryResponse['data'];

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a sync did, in words: "12 bets read: 10 new, 2 already synced; 9 matched to games, 1 could not be matched". */
export function summaryText(summary: SyncSummary): string {
  const read = `${count(summary.bets, 'bet')} read: ${summary.stored} new, ${summary.duplicates} already synced`;
  if (summary.stored === 0) return read;
  const unmatched = summary.rejected === 0 ? '' : `, ${summary.rejected} could not be matched`;
  return `${read}; ${summary.matched} matched to games${unmatched}`;
}

function SyncSummaryNote({ summary }: { summary: SyncSummary }) {
  return (
    <Alert severity={summary.row_errors.length > 0 || summary.rejected > 0 ? 'warning' : 'success'} sx={{ mt: 1 }}>
      <Typography variant="body2">{summaryText(summary)}.</Typography>
      {summary.rejected > 0 ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Bets that could not be matched wait under Synced bets on My Bets, to record by hand or set aside.
        </Typography>
      ) : null}
      {summary.row_errors.length > 0 ? (
        <>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            {count(summary.row_errors.length, 'row')} could not be read:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Rows that could not be read">
            {summary.row_errors.map((error) => (
              <Typography component="li" variant="body2" key={`${error.row}-${error.reason}`}>
                Row {error.row}: {error.reason}
              </Typography>
            ))}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}

function UploadFailure({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <Alert severity="warning" sx={{ mt: 1 }}>
        {error.body ? error.message : 'Sync is off for this account.'}{' '}
        <RouteLink to="subscribe" fallback="Subscribe to sync it again.">
          Subscribe
        </RouteLink>
      </Alert>
    );
  }
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {error instanceof ApiError && error.body ? error.message : 'The file could not be sent just now.'}
    </Alert>
  );
}

export interface SyncUploadProps {
  account: SyncAccount;
  /** Called once a file has been synced, to refresh what the new bets change elsewhere (the ledger). */
  onSynced?: () => unknown;
}

/**
 * Upload bet history: a book's export file (CSV, or bet slips as JSON) sent from the browser to the account,
 * then what the sync did and each row it could not read.
 */
export function SyncUpload({ account, onSynced }: SyncUploadProps) {
  const upload = useUploadHistory(account.betsync_account_id, onSynced);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again sends it again.
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        hidden
        aria-label={`Bet history file for ${account.betsync_book_name}`}
        onChange={choose}
      />
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-describedby={hintId}
      >
        Upload bet history
      </Button>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        The bet-history export from {account.betsync_book_name} (CSV), or bet slips as JSON; at most 10 MB.
      </Typography>
      {upload.isPending ? (
        <Box sx={{ mt: 1 }} role="status">
          <Typography variant="body2">Sending {upload.variables.name}…</Typography>
          <LinearProgress aria-label={`Sending ${upload.variables.name}`} />
        </Box>
      ) : null}
      {upload.data && !upload.isPending ? <SyncSummaryNote summary={upload.data} /> : null}
      {upload.error && !upload.isPending ? <UploadFailure error={upload.error} /> : null}
    </Box>
  );
}

export default SyncUpload;
