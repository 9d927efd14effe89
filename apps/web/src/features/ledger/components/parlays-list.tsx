import type { ParlayEntry } from '@pass/contracts';
import { BetKind, Status } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Loading } from '../../../components/loading';
import { refusalMessage } from '../../../lib/field-errors';
import { useCancelParlay, useParlays } from '../api/parlays';
import { americanPrice, gameText, gradingState, lineOfKind, sideText } from '../../../lib/bet-format';
import { dollars } from '../../../lib/money';

const OUTCOME_WORDS: Record<string, string> = { win: 'Won', loss: 'Lost', push: 'Push', void: 'Void' };

const SPORT_SHORT: Record<string, string> = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'College',
  baseball_mlb: 'MLB',
};

/** A leg in words: "KC −3.5 −110", "Over 47.5 −110", "BUF to win +170". */
export function legText(leg: ParlayEntry['legs'][number]): string {
  const side = sideText(leg);
  if (leg.bet_kind === BetKind.moneyline) return `${side} to win ${americanPrice(leg.price)}`;
  return `${side} ${lineOfKind(leg.bet_kind, leg.line)} ${americanPrice(leg.price)}`;
}

/** A leg's result: its outcome once its game is decided, else its game's state. */
function legResult(leg: ParlayEntry['legs'][number]): string {
  if (leg.outcome) return OUTCOME_WORDS[leg.outcome]!;
  return leg.event.status === 'scheduled' ? 'To play' : 'In play';
}

/**
 * The member's parlays on My Bets: each one row (a card) with its legs listed and each leg's result, the
 * ticket's price, stake and payout, its state and reward; an open parlay can be cancelled.
 */
export function ParlaysList() {
  const parlays = useParlays();
  const cancel = useCancelParlay();
  if (parlays.isPending) return <Loading label="Loading parlays" />;
  if (parlays.isError) return <Alert severity="error">Your parlays could not be loaded.</Alert>;
  if (parlays.data.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="parlays-title">
      <Typography variant="h6" component="h2" id="parlays-title" gutterBottom>
        Parlays
      </Typography>
      {cancel.error && <Alert severity="error">Not cancelled: {refusalMessage(cancel.error)}</Alert>}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Parlays">
        {parlays.data.data.map((parlay) => (
          <Paper
            component="li"
            variant="outlined"
            key={parlay.id}
            data-parlay={parlay.id}
            aria-labelledby={`parlay-${parlay.id}-title`}
            sx={{ p: 1.5 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }} id={`parlay-${parlay.id}-title`}>
                {parlay.legs.length}-leg parlay {americanPrice(parlay.price)}
              </Typography>
              <Chip size="small" label={gradingState(parlay)} />
              <Chip size="small" variant="outlined" label={parlay.is_simulated ? 'Simulated' : 'Real'} />
              {parlay.same_game ? <Chip size="small" variant="outlined" label="Same game" /> : null}
              {parlay.recorded_after_start ? (
                <Chip
                  size="small"
                  variant="outlined"
                  color="warning"
                  label="Logged after start"
                  title="Recorded after its first game started: counted in your record, left out of closing line value"
                />
              ) : null}
              <Typography variant="body2">
                Stake {dollars(parlay.stake_cents)} · pays {dollars(parlay.payout_cents)}
                {parlay.reward !== null && ` · reward ${dollars(parlay.reward, { signed: true })}`}
              </Typography>
              {parlay.status === Status.open && (
                <Button
                  size="small"
                  onClick={() => cancel.mutate(parlay.id)}
                  disabled={cancel.isPending}
                  aria-label={`Cancel the ${parlay.legs.length}-leg parlay`}
                >
                  Cancel
                </Button>
              )}
            </Stack>
            <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3 }}>
              {parlay.legs.map((leg, index) => (
                <Typography component="li" variant="body2" key={index} data-leg={leg.event_id}>
                  {new Set(parlay.legs.map((other) => other.sport)).size > 1
                    ? `${SPORT_SHORT[leg.sport] ?? leg.sport} · `
                    : ''}
                  {gameText(leg.event)}: {legText(leg)} — {legResult(leg)}
                </Typography>
              ))}
            </Box>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
