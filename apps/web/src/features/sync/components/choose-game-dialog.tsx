import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SyncBet, SyncCandidateGame, SyncCandidateLeg, SyncLeg } from '@pass/contracts';
import { useId, useState } from 'react';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { useMatchSyncBet, useSyncBetCandidates } from '../api/sync';
import { syncLegText } from './sync-leg-text';

/** When a game starts, on the US Eastern calendar the books keep; a game known by its date only shows the date. */
export function gameTimeText(game: Pick<SyncCandidateGame, 'kickoff_at' | 'game_date'>): string {
  if (game.kickoff_at === null) {
    return new Date(`${game.game_date}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  }
  return new Date(game.kickoff_at).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/New_York',
  });
}

/** "Game 2" of a doubleheader; one whose start is not known says so, since its number is only the schedule's order. */
function doubleheaderText(game: SyncCandidateGame): string {
  if (game.game_number === null) return '';
  return game.kickoff_at === null ? ` · Game ${game.game_number} (start not known)` : ` · Game ${game.game_number}`;
}

export const gameText = (game: SyncCandidateGame) =>
  `${game.away_name} @ ${game.home_name} · ${gameTimeText(game)}${doubleheaderText(game)}`;

interface Choice {
  eventId: number | null;
  team: string | null;
}

/** What the dialog starts with: the game sync matched the leg to, else the first game of a team the book named. */
function firstChoice(leg: SyncCandidateLeg): Choice {
  const game =
    leg.games.find((candidate) => candidate.event_id === leg.matched_event_id) ??
    (leg.games[0]?.names_teams ? leg.games[0] : undefined);
  return { eventId: game?.event_id ?? null, team: game?.picked_team ?? null };
}

interface LegChoiceProps {
  leg: SyncLeg;
  candidates: SyncCandidateLeg;
  /** "Game" for a single, "Game for leg 2" for a parlay's. */
  label: string;
  choice: Choice;
  onChange: (choice: Choice) => void;
}

function LegChoice({ leg, candidates, label, choice, onChange }: LegChoiceProps) {
  const teamLabelId = useId();
  const game = candidates.games.find((candidate) => candidate.event_id === choice.eventId);
  const needsTeam = leg.market !== 'total';
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        The book: {syncLegText(leg)}
      </Typography>
      {candidates.reason ? (
        <Typography variant="body2" color="text.secondary">
          Sync could not tell: {candidates.reason}
        </Typography>
      ) : null}
      {candidates.games.length === 0 ? (
        <Alert severity="info">
          No stored game is on the day the bet was placed or the next, or starts up to 7 days after it. It can be
          matched once its game is stored; sync tries again by itself.
        </Alert>
      ) : (
        <TextField
          select
          label={label}
          value={choice.eventId ?? ''}
          onChange={(event) => {
            const eventId = Number(event.target.value);
            const chosen = candidates.games.find((candidate) => candidate.event_id === eventId);
            onChange({ eventId, team: chosen?.picked_team ?? null });
          }}
          helperText="Games of the teams the book named come first"
        >
          {candidates.games.map((candidate) => (
            <MenuItem key={candidate.event_id} value={candidate.event_id}>
              {gameText(candidate)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {needsTeam && game ? (
        <FormControl>
          <FormLabel id={teamLabelId}>Team picked ({leg.selection})</FormLabel>
          <RadioGroup
            row
            aria-labelledby={teamLabelId}
            value={choice.team ?? ''}
            onChange={(event) => onChange({ ...choice, team: event.target.value })}
          >
            <FormControlLabel value={game.away_team} control={<Radio />} label={game.away_name} />
            <FormControlLabel value={game.home_team} control={<Radio />} label={game.home_name} />
          </RadioGroup>
        </FormControl>
      ) : null}
    </Stack>
  );
}

function ChooseGameForm({ bet, onDone, onMatched }: { bet: SyncBet; onDone: () => void; onMatched?: () => unknown }) {
  const candidates = useSyncBetCandidates(bet.id);
  const match = useMatchSyncBet(onMatched);
  const [choices, setChoices] = useState<Choice[] | null>(null);
  if (candidates.isPending) return <Loading label="Loading the games near this bet…" />;
  if (candidates.isError) {
    return <Alert severity="error">The games near this bet could not be loaded.</Alert>;
  }
  const { legs, placeable, reason } = candidates.data;
  if (!placeable) return <Alert severity="info">{reason ?? 'This bet cannot be matched to games.'}</Alert>;
  const current = choices ?? legs.map(firstChoice);
  const ready = legs.every(
    (leg, index) =>
      current[index]!.eventId !== null && (bet.slip.legs[index]!.market === 'total' || current[index]!.team !== null),
  );
  const submit = () => {
    if (!ready) return;
    match.mutate(
      {
        betId: bet.id,
        body: {
          legs: current.map((choice, index) => ({
            event_id: choice.eventId!,
            ...(bet.slip.legs[index]!.market === 'total' ? {} : { team: choice.team! }),
          })),
        },
      },
      { onSuccess: onDone },
    );
  };
  const refusal =
    match.error instanceof ApiError && match.error.body
      ? (match.error.body.error.fields?.[0]?.message ?? match.error.message)
      : match.isError
        ? 'The bet could not be matched just now.'
        : null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={3}>
        {legs.map((leg, index) => (
          <Box component="fieldset" key={leg.position} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            {legs.length > 1 ? (
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                Leg {index + 1}
              </Typography>
            ) : null}
            <LegChoice
              leg={bet.slip.legs[leg.position]!}
              candidates={leg}
              label={legs.length > 1 ? `Game for leg ${index + 1}` : 'Game'}
              choice={current[index]!}
              onChange={(choice) => setChoices(current.map((old, at) => (at === index ? choice : old)))}
            />
          </Box>
        ))}
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <DialogActions sx={{ px: 0 }}>
          <Button onClick={onDone}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!ready || match.isPending}>
            Match the bet
          </Button>
        </DialogActions>
      </Stack>
    </Box>
  );
}

export interface ChooseGameDialogProps {
  /** The rejected bet to match; the dialog is closed without one. */
  bet: SyncBet | null;
  onClose: () => void;
  /** The bet became a ledger entry: what the page shows of the ledger is stale. */
  onMatched?: () => unknown;
}

/**
 * "Choose the game" for a synced bet sync could not match (decision 051): for each leg, the stored games near the
 * bet (its sport, from 6 hours before it was placed to 7 days after), those of the teams the book named first, and
 * for a moneyline or spread the team picked. The server places it as a matched sync: graded, in the ledger, linked.
 */
export function ChooseGameDialog({ bet, onClose, onMatched }: ChooseGameDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={bet !== null} onClose={onClose} fullScreen={phone} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{bet && bet.leg_count > 1 ? 'Choose the games' : 'Choose the game'}</DialogTitle>
      <DialogContent>
        {bet ? <ChooseGameForm key={bet.id} bet={bet} onDone={onClose} onMatched={onMatched} /> : null}
      </DialogContent>
    </Dialog>
  );
}
