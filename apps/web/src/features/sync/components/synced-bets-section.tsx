import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SyncBet, SyncBetStatus, SyncLeg } from '@pass/contracts';
import { americanPriceText } from '@pass/domain';
import { useState } from 'react';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { bookName } from '../../../lib/books';
import { dollars } from '../../../lib/money';
import { useDismissSyncBet, useSyncAccounts, useSyncBets, type SyncBetsFilter } from '../api/sync';
import { ChooseGameDialog } from './choose-game-dialog';
import { syncLegText } from './sync-leg-text';

/** When the book took the bet, on the US Eastern calendar the books keep. */
const placedText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // US Eastern, as the books' exports write it, named: the app's clock is in the viewer's own zone.
    timeZone: 'America/New_York',
    timeZoneName: 'short',
  });

const BOOK_RESULT_WORDS: Record<SyncBet['book_result'], string> = {
  won: 'Won',
  lost: 'Lost',
  void: 'Void',
  cashed_out: 'Cashed out',
  open: 'Open',
};
const LEG_RESULT_WORDS: Record<SyncLeg['result'], string> = { won: 'won', lost: 'lost', void: 'void', open: 'open' };
const OUTCOME_WORDS: Record<NonNullable<SyncBet['outcome']>, string> = {
  win: 'Won',
  loss: 'Lost',
  push: 'Push',
  void: 'Void',
};
const STATUS_WORDS: Record<SyncBetStatus, string> = {
  matched: 'Matched',
  rejected: 'To check',
  dismissed: 'Set aside',
};
const STATUS_COLOR: Record<SyncBetStatus, 'success' | 'warning' | 'default'> = {
  matched: 'success',
  rejected: 'warning',
  dismissed: 'default',
};

export { syncLegText };

const kindText = (bet: SyncBet) =>
  bet.kind === 'single' ? 'Single' : `${bet.leg_count}-leg ${bet.kind === 'parlay' ? 'parlay' : 'teaser'}`;

/** PA$$'s grade of the bet: its outcome, not graded yet, or not in the ledger (not matched). */
function passResult(bet: SyncBet): string {
  if (bet.status !== 'matched') return 'not in your ledger';
  return bet.outcome ? OUTCOME_WORDS[bet.outcome] : 'not graded yet';
}

interface SyncedBetCardProps {
  bet: SyncBet;
  onSetAside: (bet: SyncBet) => void;
  onChooseGame: (bet: SyncBet) => void;
  onRecordByHand?: ((bet: SyncBet) => void) | undefined;
}

/**
 * A teaser over several games is the one bet the ledger cannot hold whatever the games: its legs are recorded by
 * hand. Every other rejected bet is matched to the games the member chooses.
 */
const recordedByHand = (bet: SyncBet) => bet.kind === 'teaser';

function SyncedBetCard({ bet, onSetAside, onChooseGame, onRecordByHand }: SyncedBetCardProps) {
  const book = bookName(bet.book);
  const title = `${book} ${kindText(bet).toLowerCase()} placed ${placedText(bet.placed_at)}`;
  return (
    <Paper component="li" variant="outlined" aria-label={title} data-sync-bet={bet.id} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{book}</Typography>
        <Typography variant="body2" color="text.secondary">
          {kindText(bet)} · placed {placedText(bet.placed_at)}
        </Typography>
        <Chip size="small" color={STATUS_COLOR[bet.status]} label={STATUS_WORDS[bet.status]} />
        {bet.disagrees ? <Chip size="small" color="error" label="Results disagree" /> : null}
      </Stack>
      <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3, overflowWrap: 'anywhere' }}>
        {bet.slip.legs.map((leg, index) => (
          <Typography component="li" variant="body2" key={index}>
            {syncLegText(leg)}
            {bet.kind !== 'single' ? ` (book: ${LEG_RESULT_WORDS[leg.result]})` : ''}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        Stake {dollars(bet.stake_cents)}
        {bet.bonus ? ' (bonus bet)' : ''}
        {bet.book_price !== null && bet.kind !== 'single' ? ` at ${americanPriceText(bet.book_price)}` : ''}
        {bet.payout_cents !== null ? ` · paid ${dollars(bet.payout_cents)}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }} color={bet.disagrees ? 'error' : undefined}>
        {book} says {BOOK_RESULT_WORDS[bet.book_result]}; PA$$ says {passResult(bet)}
        {bet.disagrees ? ': check the game’s result and the bet' : ''}
      </Typography>
      {bet.status !== 'matched' && bet.reject_reason ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Not matched: {bet.reject_reason}
        </Typography>
      ) : null}
      {bet.status === 'rejected' ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          {!recordedByHand(bet) ? (
            <Button size="small" variant="outlined" onClick={() => onChooseGame(bet)}>
              {bet.leg_count > 1 ? 'Choose the games' : 'Choose the game'}
            </Button>
          ) : onRecordByHand ? (
            <Button size="small" variant="outlined" onClick={() => onRecordByHand(bet)}>
              Record by hand
            </Button>
          ) : null}
          <Button size="small" onClick={() => onSetAside(bet)}>
            Set aside
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

export interface SyncedBetsSectionProps {
  /** Opens the page's own way of recording a bet, for a bet the ledger cannot hold as one (a teaser). */
  onRecordByHand?: (bet: SyncBet) => void;
  /** A bet was matched to the games the member chose: it is in the ledger now. */
  onMatched?: () => unknown;
}

/**
 * My Bets' Synced bets (decision 051): the bets brought in from linked sportsbooks, by book and status, each with
 * its legs, stake and the book's result beside PA$$'s (flagged when they disagree); a bet that could not be
 * matched shows why, to match to the games the member chooses (a teaser: to record by hand) or set aside (asked
 * first). Hidden for a member who never linked a book.
 */
export function SyncedBetsSection({ onRecordByHand, onMatched }: SyncedBetsSectionProps) {
  const [filter, setFilter] = useState<SyncBetsFilter>({});
  const accounts = useSyncAccounts();
  const bets = useSyncBets(filter);
  const dismiss = useDismissSyncBet();
  const [confirming, setConfirming] = useState<SyncBet | null>(null);
  const [choosing, setChoosing] = useState<SyncBet | null>(null);

  if (accounts.data?.length === 0 && bets.data?.total === 0 && !filter.account_id && !filter.status) return null;

  const setAside = () => {
    const bet = confirming;
    setConfirming(null);
    if (bet) dismiss.mutate(bet.id);
  };
  const filtered = filter.account_id !== undefined || filter.status !== undefined;

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="synced-bets-heading">
      <Typography id="synced-bets-heading" variant="h6" component="h2" gutterBottom>
        Synced bets
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, minmax(0, 16rem))' },
          mb: 2,
        }}
      >
        <TextField
          select
          size="small"
          label="Synced from"
          value={filter.account_id ?? ''}
          onChange={(event) => setFilter({ ...filter, account_id: event.target.value || undefined })}
        >
          <MenuItem value="">All books</MenuItem>
          {(accounts.data ?? []).map((account) => (
            <MenuItem key={account.betsync_account_id} value={account.betsync_account_id}>
              {account.betsync_book_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sync status"
          value={filter.status ?? ''}
          onChange={(event) =>
            setFilter({ ...filter, status: (event.target.value || undefined) as SyncBetStatus | undefined })
          }
        >
          <MenuItem value="">Any status</MenuItem>
          {(Object.keys(STATUS_WORDS) as SyncBetStatus[]).map((status) => (
            <MenuItem key={status} value={status}>
              {STATUS_WORDS[status]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {bets.isPending ? <Loading label="Loading your synced bets…" /> : null}
      {bets.isError ? <Alert severity="error">Your synced bets could not be loaded.</Alert> : null}
      {dismiss.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {dismiss.error instanceof ApiError && dismiss.error.body
            ? dismiss.error.message
            : 'The bet could not be set aside just now.'}
        </Alert>
      ) : null}
      {bets.data ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {bets.data.total === 0
            ? `No synced bets${filtered ? ' for these filters' : ' yet: upload a book’s bet history on your profile'}.`
            : `${bets.data.total} synced ${bets.data.total === 1 ? 'bet' : 'bets'}${
                bets.data.total > bets.data.data.length ? `, the ${bets.data.data.length} newest shown` : ''
              }`}
        </Typography>
      ) : null}
      {bets.data && bets.data.data.length > 0 ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Synced bets">
          {bets.data.data.map((bet) => (
            <SyncedBetCard
              key={bet.id}
              bet={bet}
              onSetAside={setConfirming}
              onChooseGame={setChoosing}
              onRecordByHand={onRecordByHand}
            />
          ))}
        </Stack>
      ) : null}
      <ChooseGameDialog bet={choosing} onClose={() => setChoosing(null)} onMatched={onMatched} />
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="set-aside-title">
        <DialogTitle id="set-aside-title">Set this bet aside?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            It leaves the bets to check and stays out of your ledger and stats. Match it to its game first if you want
            it counted.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Keep it</Button>
          <Button color="warning" onClick={setAside}>
            Set aside
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

export default SyncedBetsSection;
