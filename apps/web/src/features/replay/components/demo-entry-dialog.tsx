import type { ReplayGame } from '@pass/contracts';
import { BetKind, BetMode, type BetKindValue, type BetModeValue } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';
import { RouteButton } from '../../../components/route-link';
import { useSessionUser } from '../../../lib/use-session-user';
import { dollars } from '../../../lib/money';
import { gameText, isBet, KIND_WORDS, MODE_WORDS, signedNumber } from '../../../lib/bet-format';
import { gradeDemoDraft, quoteFor, scoreText, type DemoDraft, type DemoGrade } from '../lib/replay';

const text = (value: number | null) => (value === null ? '' : String(value));

function draftFor(game: ReplayGame, patch: Partial<DemoDraft> = {}, current?: DemoDraft): DemoDraft {
  const base: DemoDraft = current ?? {
    mode: BetMode.pick_on,
    kind: BetKind.spread,
    side: game.home_team,
    line: '',
    price: '',
    stake: '100',
    multiplier: 1,
  };
  const next = { ...base, ...patch };
  // A new kind, side or mode takes the line and price the replay saw, as the member's form takes the book's:
  // the line of the side named, the price of the side held (the other one for an against mode).
  if (!current || patch.kind !== undefined || patch.side !== undefined || patch.mode !== undefined) {
    const against = next.mode === BetMode.pick_against || next.mode === BetMode.bet_against;
    const held = against ? otherSide(game, next.kind, next.side) : next.side;
    next.line = text(quoteFor(game, next.kind, next.side).line);
    next.price = text(quoteFor(game, next.kind, held).price);
  }
  return next;
}

function otherSide(game: ReplayGame, kind: BetKindValue, side: string): string {
  if (kind === BetKind.totals) return side === 'Under' ? 'Over' : 'Under';
  return side === game.home_team ? game.away_team : game.home_team;
}

function GradeMessage({ grade, draft, game }: { grade: DemoGrade; draft: DemoDraft; game: ReplayGame }) {
  if (grade.kind === 'pending') {
    return <Alert severity="info">This game has not been played yet: a member’s entry is graded when it ends.</Alert>;
  }
  if (grade.kind !== 'graded') return null;
  const amount = isBet(draft.mode) ? dollars(grade.reward, { signed: true }) : `${signedNumber(grade.reward)} points`;
  const words = { win: `Won: ${amount}`, loss: `Lost: ${amount}`, push: 'Push: no points, stake back', void: 'Void' };
  return (
    <Alert severity={grade.outcome === 'win' ? 'success' : grade.outcome === 'loss' ? 'error' : 'info'} role="status">
      {words[grade.outcome]} (final {scoreText(game)})
    </Alert>
  );
}

/**
 * The pick and bet form in demo mode, on one game of the replay: the visitor's entry is graded on the spot
 * with the same rules as a member's and nothing is saved; the dialog says so and points to sign-up. Give it
 * `key={game.event_id}` so another game starts a fresh form.
 */
export function DemoEntryDialog({ game, open, onClose }: { game: ReplayGame; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const user = useSessionUser();
  const [draft, setDraft] = useState<DemoDraft>(() => draftFor(game));
  const [grade, setGrade] = useState<DemoGrade | null>(null);

  const update = (patch: Partial<DemoDraft>) => {
    setGrade(null);
    setDraft((current) => draftFor(game, patch, current));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGrade(gradeDemoDraft(draft, game));
  };
  const problems = grade?.kind === 'invalid' ? grade.fields : {};
  const bet = isBet(draft.mode);
  const sides = draft.kind === BetKind.totals ? ['Over', 'Under'] : [game.away_team, game.home_team];
  const score = scoreText(game);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="demo-entry-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="demo-entry-title">Record a pick or bet (demo)</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent dividers>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {gameText(game)}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            A game of the replayed season{score ? ': make your entry, then see how it grades against the final.' : '.'}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label="Mode"
              value={draft.mode}
              onChange={(event) => update({ mode: Number(event.target.value) as BetModeValue })}
            >
              {Object.entries(MODE_WORDS).map(([value, words]) => (
                <MenuItem key={value} value={Number(value)}>
                  {words}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Kind"
              value={draft.kind}
              onChange={(event) => {
                const kind = Number(event.target.value) as BetKindValue;
                update({ kind, side: kind === BetKind.totals ? 'Over' : game.home_team });
              }}
            >
              {Object.entries(KIND_WORDS).map(([value, words]) => (
                <MenuItem key={value} value={Number(value)}>
                  {words}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Side"
              value={sides.includes(draft.side) ? draft.side : ''}
              onChange={(event) => update({ side: event.target.value })}
              error={Boolean(problems.side)}
              helperText={problems.side}
            >
              {sides.map((side) => (
                <MenuItem key={side} value={side}>
                  {side}
                </MenuItem>
              ))}
            </TextField>
            {draft.kind !== BetKind.moneyline && (
              <TextField
                label="Line"
                inputMode="decimal"
                value={draft.line}
                onChange={(event) => update({ line: event.target.value })}
                error={Boolean(problems.line)}
                helperText={
                  problems.line ?? (draft.kind === BetKind.spread ? 'From your side: −3.5 is favoured' : 'The total')
                }
              />
            )}
            {bet ? (
              <>
                <TextField
                  label="Price"
                  inputMode="numeric"
                  value={draft.price}
                  onChange={(event) => update({ price: event.target.value })}
                  error={Boolean(problems.price)}
                  helperText={problems.price ?? 'American odds'}
                />
                <TextField
                  label="Stake ($)"
                  inputMode="decimal"
                  value={draft.stake}
                  onChange={(event) => update({ stake: event.target.value })}
                  error={Boolean(problems.stake)}
                  helperText={problems.stake ?? 'Simulated: no money moves'}
                />
              </>
            ) : (
              <TextField
                select
                label="Play"
                value={draft.multiplier}
                onChange={(event) => update({ multiplier: Number(event.target.value) as 1 | 2 | 3 })}
              >
                <MenuItem value={1}>Single (±5)</MenuItem>
                <MenuItem value={2}>Double play (±10)</MenuItem>
                <MenuItem value={3}>Triple play (±15)</MenuItem>
              </TextField>
            )}
          </Box>
          <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
            {grade && <GradeMessage grade={grade} draft={draft} game={game} />}
            <Alert severity="info" variant="outlined">
              Nothing is saved here: this is the demo.{' '}
              {user
                ? 'Your own picks and bets are saved in My bets and graded automatically.'
                : 'Members save their picks and bets and see them graded automatically, free.'}
            </Alert>
          </Box>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {user ? (
            <RouteButton to="user-bets">My bets</RouteButton>
          ) : (
            <RouteButton to="register-new" color="secondary" variant="contained">
              Join for free
            </RouteButton>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained">
            {score ? 'Grade it' : 'Check it'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
