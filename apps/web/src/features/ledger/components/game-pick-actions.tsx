import type { BetEntry } from '@pass/contracts';
import { Status } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useOpenSlip } from '../../../lib/bet-slip';
import type { GameActionsProps } from '../../../lib/game-actions';
import { useSessionUser } from '../../../lib/use-session-user';
import { useBets, useOptimisticEntries, type BetsFilter } from '../api/bets';
import { refusalMessage } from '../../../lib/field-errors';
import { gameText, gradingState } from '../../../lib/bet-format';
import { slipChoiceOf } from '../lib/slip';
import { useIdempotencyKey } from '../../../lib/idempotency';
import {
  entrySummary,
  holdsSide,
  isBeforeKickoff,
  isOneTapPick,
  pickBody,
  pickLabel,
  pickSides,
  previewOfChange,
  previewOfPick,
  switchBody,
  type PickSide,
} from '../lib/picks';
import { BetForm } from './bet-form';
import { EntryDialog } from './entry-dialog';

/** Ids of entries shown before the server stored them: negative, so never a stored entry's. */
let previewId = 0;

/**
 * Under a schedule's game, for a signed-in member: a one-tap pick of either side while the game has not
 * kicked off, shown at once and rolled back if refused; the member's entries on the game, each to undo
 * until kickoff; and a Bet action: the bet slip on this game where the screen offers it and a book quotes the
 * game (decision 036), else the full bet form.
 */
export function GamePickActions(props: GameActionsProps) {
  const user = useSessionUser();
  return user ? <MemberGameActions {...props} /> : null;
}

function MemberGameActions({ event, weekEvents }: GameActionsProps) {
  // One list for the whole week: every game's card asks for the same ids, and the cache answers them all.
  const filter = useMemo<BetsFilter>(
    () => ({ event_ids: weekEvents.map((item) => item.event_id).sort((a, b) => a - b) }),
    [weekEvents],
  );
  const bets = useBets(filter);
  const { create, update, cancel } = useOptimisticEntries(filter);
  const idempotency = useIdempotencyKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [betFormOpen, setBetFormOpen] = useState(false);
  const openSlip = useOpenSlip();

  const open = isBeforeKickoff(event, new Date());
  const sides = pickSides(event);
  const kind = sides[0].kind;
  const loaded = bets.data !== undefined && !bets.isPlaceholderData;
  const entries = loaded ? bets.data.data.filter((entry) => entry.event_id === event.event_id) : [];
  const pick = entries.find((entry) => isOneTapPick(entry, kind));
  const others = entries.filter((entry) => entry !== pick);
  const busy = !loaded || create.isPending || update.isPending || cancel.isPending;

  if (!open && entries.length === 0) return null;

  const choose = (side: PickSide) => {
    setRefusal(null);
    if (pick) {
      if (holdsSide(pick, side)) return;
      const body = switchBody(side);
      update.mutate(
        { preview: previewOfChange(pick, body), body },
        { onError: (error) => setRefusal(`Your pick stays on ${pickLabel(pick)}: ${refusalMessage(error)}`) },
      );
      return;
    }
    const body = pickBody(event, side);
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(body), preview: previewOfPick(event, body, --previewId, new Date()) },
      {
        onSuccess: () => idempotency.reset(),
        onError: (error) => setRefusal(`${side.label} was not picked: ${refusalMessage(error)}`),
      },
    );
  };

  const undo = (entry: BetEntry) => {
    setRefusal(null);
    cancel.mutate(entry, {
      onError: (error) => setRefusal(`${entrySummary(entry)} was not undone: ${refusalMessage(error)}`),
    });
  };

  return (
    <Box data-testid="game-actions" sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
      {open && (
        <Box
          role="group"
          aria-label={`Pick ${gameText(event)}`}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}
        >
          {sides.map((side) => {
            const picked = pick !== undefined && holdsSide(pick, side);
            return (
              <Button
                key={side.team}
                variant={picked ? 'contained' : 'outlined'}
                aria-pressed={picked}
                aria-label={`Pick ${side.label}`}
                disabled={busy}
                onClick={() => choose(side)}
                sx={{ minHeight: 44, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {picked ? '✓ ' : ''}
                {side.label}
              </Button>
            );
          })}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: open ? 1 : 0, minHeight: 36 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, minWidth: 0 }}>
          {/* Shown on every game of the week, so in a few words rather than an alert on each. */}
          {bets.isError
            ? 'Your picks could not be loaded.'
            : pick
              ? `Your pick: ${pickLabel(pick)}${open ? '' : ` · ${gradingState(pick)}`}`
              : open
                ? 'Tap a side to pick it'
                : ''}
        </Typography>
        {pick && open && (
          <Button size="small" disabled={busy} onClick={() => undo(pick)}>
            Undo pick
          </Button>
        )}
        {open && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => {
              const choice = openSlip ? slipChoiceOf(event) : null;
              if (openSlip && choice) openSlip(choice, { open: true });
              else setBetFormOpen(true);
            }}
          >
            Bet
          </Button>
        )}
      </Box>
      {others.length > 0 && (
        <Box
          component="ul"
          aria-label="Your other entries on this game"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
        >
          {others.map((entry) => (
            <Box component="li" key={entry.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}>
              <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }}>
                {entrySummary(entry)}
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {gradingState(entry)}
                </Typography>
              </Typography>
              {open && entry.status === Status.open && (
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={() => undo(entry)}
                  aria-label={`Undo ${entrySummary(entry)}`}
                >
                  Undo
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
      {refusal && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <EntryDialog title={`Pick or bet: ${gameText(event)}`} open={betFormOpen} onClose={() => setBetFormOpen(false)}>
        <BetForm game={event} bare onRecorded={() => setBetFormOpen(false)} />
      </EntryDialog>
    </Box>
  );
}
