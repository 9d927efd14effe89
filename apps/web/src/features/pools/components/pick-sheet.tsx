import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PoolDetail, PoolWeekView, SheetView, SlateGameView, SubmitPicksBody } from '@pass/contracts';
import { Status } from '@pass/domain';
import { useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { refusalMessage } from '../lib/refusal';
import {
  formatClv,
  formatCountdown,
  formatKickoff,
  formatSpread,
  sideClosingSpread,
  sideSpread,
} from '../lib/pool-format';
import { winBasisText } from '../lib/pool-text';
import { sportWords } from '../../../lib/sport-words';
import { useSubmitPicks } from '../api/pool';
import { useNow } from '../lib/use-now';
import { visuallyHidden } from '../../../components/visually-hidden';

type Play = 'double' | 'triple';

export interface SheetDraft {
  picks: Record<number, string>;
  play: { eventId: number; kind: Play } | null;
  /** A confidence pool's value per game (1..N, each once). */
  confidence: Record<number, number>;
  lmsTeam: string;
  tiebreaker: string;
}

export function draftOf(sheet: SheetView | undefined): SheetDraft {
  const picks: Record<number, string> = {};
  const confidence: Record<number, number> = {};
  let play: SheetDraft['play'] = null;
  for (const pick of sheet?.picks ?? []) {
    picks[pick.event_id] = pick.team;
    if (pick.play) play = { eventId: pick.event_id, kind: pick.play };
    if (pick.confidence !== null && pick.confidence !== undefined) confidence[pick.event_id] = pick.confidence;
  }
  return {
    picks,
    play,
    confidence,
    lmsTeam: sheet?.lms_team ?? '',
    tiebreaker: sheet?.tiebreaker === null || sheet?.tiebreaker === undefined ? '' : String(sheet.tiebreaker),
  };
}

/**
 * The body the API takes: the picks of open games (locked ones are left out and stay as they are), each with its
 * confidence in a confidence pool.
 */
export function bodyOf(
  draft: SheetDraft,
  games: readonly SlateGameView[],
  lms: boolean,
  confidence = false,
): SubmitPicksBody {
  const body: SubmitPicksBody = {
    picks: games
      .filter((game) => !game.locked && draft.picks[game.event_id])
      .map((game) => ({
        event_id: game.event_id,
        team: draft.picks[game.event_id]!,
        play: draft.play?.eventId === game.event_id ? draft.play.kind : null,
        ...(confidence ? { confidence: draft.confidence[game.event_id] ?? null } : {}),
      })),
    tiebreaker: draft.tiebreaker.trim() === '' ? null : Number(draft.tiebreaker),
  };
  if (lms) body.lms_team = draft.lmsTeam === '' ? null : draft.lmsTeam;
  return body;
}

/**
 * The values a confidence pool's week offers (1 to the slate's size), and which game holds each: the draft's
 * value of every game picked. Choosing a value an open game holds swaps the two; a locked game's stays its own.
 */
export function confidenceHolders(draft: SheetDraft, games: readonly SlateGameView[]): Map<number, SlateGameView> {
  const holders = new Map<number, SlateGameView>();
  for (const game of games) {
    const value = draft.confidence[game.event_id];
    if (value !== undefined && draft.picks[game.event_id]) holders.set(value, game);
  }
  return holders;
}

/** The draft with `value` set on a game: an open game that held it takes the game's old value (or none). */
export function withConfidence(
  draft: SheetDraft,
  games: readonly SlateGameView[],
  eventId: number,
  value: number,
): SheetDraft['confidence'] {
  const holder = confidenceHolders(draft, games).get(value);
  const next = { ...draft.confidence, [eventId]: value };
  if (holder && holder.event_id !== eventId && !holder.locked) {
    const old = draft.confidence[eventId];
    if (old === undefined) delete next[holder.event_id];
    else next[holder.event_id] = old;
  }
  return next;
}

/** The largest value of the week no picked game holds, for a game picked without one (none when all are held). */
export function freeConfidence(draft: SheetDraft, games: readonly SlateGameView[]): number | undefined {
  const holders = confidenceHolders(draft, games);
  for (let value = games.length; value >= 1; value -= 1) if (!holders.has(value)) return value;
  return undefined;
}

/** "Closed PHI −8 · +1 vs close": the close from the picked side (the home side when none), and the CLV. */
function closeText(game: SlateGameView, team: string, clv: number | null): string {
  const close = `Closed ${team} ${formatSpread(sideClosingSpread(game, team)!)}`;
  return clv === null ? close : `${close} · ${formatClv(clv)} vs close`;
}

/**
 * Where the game's spread came from and when it was frozen, and the line now beside it while the game is open
 * (decision 084): "Frozen Tue 3:12 PM, median of 6 books · now PHI −3.5". Null without a frozen line.
 */
export function frozenLineText(game: SlateGameView): string | null {
  if (game.frozen_home_spread === null || game.frozen_at === null) return null;
  const from = game.frozen_line_source ? `, ${game.frozen_line_source}` : '';
  const frozen = `Frozen ${formatKickoff(game.frozen_at)}${from}`;
  if (game.locked || game.current_home_spread === null) return frozen;
  return game.current_home_spread === game.frozen_home_spread
    ? `${frozen} · the line now too`
    : `${frozen} · now ${game.home_team} ${formatSpread(game.current_home_spread)}`;
}

interface GameRowProps {
  game: SlateGameView;
  picked: string | undefined;
  ats: boolean;
  now: number;
  onPick: (team: string) => void;
  /** The closing line value of the member's pick of this game, once its close is known. */
  clv?: number | null | undefined;
  /** In a confidence pool: the pick's value, and the week's values with the game holding each. */
  confidence?: ConfidenceChoice | undefined;
}

export interface ConfidenceChoice {
  value: number | undefined;
  /** The week's values: 1 to the slate's size. */
  count: number;
  holders: ReadonlyMap<number, SlateGameView>;
  onChange: (value: number) => void;
}

/** A pick's confidence: each value of the week, the ones already used marked with the pick that holds them. */
function ConfidenceSelect({
  game,
  choice,
  disabled,
}: {
  game: SlateGameView;
  choice: ConfidenceChoice;
  disabled: boolean;
}) {
  const id = `confidence-${game.event_id}`;
  const values = Array.from({ length: choice.count }, (_, index) => choice.count - index);
  return (
    <FormControl fullWidth size="small" sx={{ mt: 1 }} disabled={disabled}>
      <InputLabel id={id}>
        Confidence{' '}
        <Box component="span" sx={visuallyHidden}>
          for {game.away_team} at {game.home_team}
        </Box>
      </InputLabel>
      <Select
        labelId={id}
        label="Confidence"
        value={choice.value === undefined ? '' : String(choice.value)}
        onChange={(event) => choice.onChange(Number(event.target.value))}
      >
        {values.map((value) => {
          const holder = choice.holders.get(value);
          const elsewhere = holder !== undefined && holder.event_id !== game.event_id ? holder : undefined;
          return (
            <MenuItem key={value} value={String(value)} disabled={elsewhere?.locked === true}>
              {value}
              {elsewhere
                ? ` · used on ${elsewhere.away_team} at ${elsewhere.home_team}${elsewhere.locked ? ' (locked)' : ' (swap)'}`
                : ''}
            </MenuItem>
          );
        })}
      </Select>
    </FormControl>
  );
}

/**
 * One slate game: two big buttons, one per side, and when it locks; once locked in an `ats` pool, its close
 * beside the frozen spread and the pick's closing line value.
 */
export function GameRow({ game, picked, ats, now, onPick, clv = null, confidence }: GameRowProps) {
  const label = `${game.away_team} at ${game.home_team}`;
  const side = (team: string) => {
    const spread = sideSpread(game, team);
    return ats && spread !== null ? `${team} ${formatSpread(spread)}` : team;
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.25 }} data-testid={`slate-game-${game.event_id}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.75 }}>
        <Typography variant="body2" color="text.secondary">
          {formatKickoff(game.kickoff)}
        </Typography>
        {game.locked ? (
          <Chip size="small" label="Locked" aria-label={`${label} is locked`} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            Locks in {formatCountdown(Math.max(0, Date.parse(game.kickoff) - now))}
          </Typography>
        )}
      </Stack>
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={picked ?? null}
        disabled={game.locked}
        aria-label={label}
        onChange={(_event, team: string | null) => {
          if (team) onPick(team);
        }}
      >
        {[game.away_team, game.home_team].map((team) => (
          <ToggleButton
            key={team}
            value={team}
            color="primary"
            // An open choice in full-strength text: MUI's 54 % grey reads as disabled next to a locked game.
            sx={{
              minHeight: 48,
              fontWeight: 600,
              '&:not(.Mui-selected):not(.Mui-disabled)': { color: 'text.primary' },
            }}
          >
            {side(team)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {confidence && picked && <ConfidenceSelect game={game} choice={confidence} disabled={game.locked} />}
      {ats && frozenLineText(game) !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {frozenLineText(game)}
        </Typography>
      )}
      {ats && game.locked && game.closing_home_spread !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {closeText(game, picked ?? game.home_team, clv)}
        </Typography>
      )}
    </Paper>
  );
}

/** "BUF vs BAL, Sun 1:00 PM, −1.5 (off the slate)": a Last Man Standing choice as the picker lists it. */
function lmsChoiceText(choice: PoolWeekView['lms_choices'][number], ats: boolean): string {
  // The kickoff and the spread read as on the game's card (a pick'em line is PK there too).
  const line = ats && choice.frozen_spread !== null ? `, ${formatSpread(choice.frozen_spread)}` : '';
  return `${choice.team} ${choice.home ? 'vs' : 'at'} ${choice.opponent}, ${formatKickoff(choice.kickoff)}${line}${
    choice.on_slate ? '' : ' (off the slate)'
  }${choice.used ? ' (used)' : ''}`;
}

interface PickSheetProps {
  pool: PoolDetail;
  week: PoolWeekView;
  mine: SheetView | undefined;
}

/** This week's picks: a tap per game, the optional play, the Last Man Standing team, the tiebreaker, one Save. */
export function PickSheet({ pool, week, mine }: PickSheetProps) {
  const now = useNow();
  const [draft, setDraft] = useState<SheetDraft>(() => draftOf(mine));
  const [saved, setSaved] = useState(false);
  const submit = useSubmitPicks(pool.id, week.week);
  const idempotency = useIdempotencyKey();
  const ats = pool.win_basis === 'ats';
  const ended = pool.status === Status.closed;

  // A new week, or a change of the picks as the server stored them, replaces the draft (set while rendering,
  // so the stale draft never shows). A game's result arriving on a pick is not a change of the picks: the draft
  // of the games still open stays as the member left it.
  const basis = `${week.week}:${JSON.stringify(draftOf(mine))}`;
  const [draftBasis, setDraftBasis] = useState(basis);
  if (draftBasis !== basis) {
    setDraftBasis(basis);
    setDraft(draftOf(mine));
  }

  const update = (change: Partial<SheetDraft>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...change }));
  };
  const plays: Play[] = pool.confidence
    ? []
    : [...(pool.double_play ? ['double' as const] : []), ...(pool.triple_play ? ['triple' as const] : [])];
  const holders = confidenceHolders(draft, week.games);
  const unused = Array.from({ length: week.games.length }, (_, index) => week.games.length - index).filter(
    (value) => !holders.has(value),
  );
  const openPicked = week.games.filter((game) => !game.locked && draft.picks[game.event_id]);
  const playLocked =
    draft.play !== null && week.games.some((game) => game.event_id === draft.play?.eventId && game.locked);
  const lmsStatus = week.lms_status;
  // Every team playing the week, slate or not, whose game is still open.
  const openLmsChoices = week.lms_choices.filter((choice) => !choice.locked);
  const lmsOpen = pool.last_man_standing && lmsStatus?.may_pick !== false && openLmsChoices.length > 0;
  const lastGame = week.games[week.games.length - 1];
  // The sheet stays open while a survivor can still take a team of a game off the slate.
  const allLocked = week.games.every((game) => game.locked) && !lmsOpen;

  const save = () => {
    const body = bodyOf(draft, week.games, pool.last_man_standing, pool.confidence);
    submit.mutate(
      { body, key: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.reset();
          setSaved(true);
        },
      },
    );
  };

  if (week.games.length === 0) return <Alert severity="info">No slate for {week.label} yet.</Alert>;

  return (
    <Stack
      spacing={1.5}
      component="form"
      aria-label={`Picks for ${week.label}`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {ats ? `${winBasisText(pool)}: lines frozen at publish.` : '$ Line: pick the winner outright.'} Picks lock at
        each kickoff.
      </Typography>
      {pool.confidence && (
        <Typography variant="body2" color="text.secondary" data-testid="confidence-summary">
          Confidence points: rank your picks {week.games.length === 1 ? '1' : `1 to ${week.games.length}`}, each number
          once; a win scores its number.{' '}
          {unused.length > 0 ? `Not used yet: ${unused.join(', ')}.` : 'Every number is used.'}
        </Typography>
      )}
      {week.demo ? (
        <Alert severity="warning" variant="outlined">
          Demo season: no real schedule is loaded for these weeks, so the pool plays generated games and lines.
        </Alert>
      ) : null}
      {week.games.map((game) => (
        <GameRow
          key={game.event_id}
          game={game}
          ats={ats}
          now={now}
          picked={draft.picks[game.event_id]}
          clv={mine?.picks.find((pick) => pick.event_id === game.event_id)?.clv ?? null}
          onPick={(team) => {
            const picks = { ...draft.picks, [game.event_id]: team };
            // A game picked without a confidence takes the largest value still free; the member may change it.
            const free = freeConfidence(draft, week.games);
            update(
              pool.confidence && draft.confidence[game.event_id] === undefined && free !== undefined
                ? { picks, confidence: { ...draft.confidence, [game.event_id]: free } }
                : { picks },
            );
          }}
          confidence={
            pool.confidence
              ? {
                  value: draft.confidence[game.event_id],
                  count: week.games.length,
                  holders,
                  onChange: (value) => update({ confidence: withConfidence(draft, week.games, game.event_id, value) }),
                }
              : undefined
          }
        />
      ))}

      {allLocked ? (
        <Alert severity="info">Every game of {week.label} has locked: these picks are final.</Alert>
      ) : (
        <>
          {plays.length > 0 && (
            <Paper variant="outlined" sx={{ p: 1.25 }}>
              <FormControl disabled={playLocked || ended}>
                <FormLabel id="play-kind">
                  {plays.length === 2
                    ? 'Double or triple play (one a week)'
                    : `${plays[0] === 'double' ? 'Double' : 'Triple'} play`}
                </FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="play-kind"
                  value={draft.play?.kind ?? 'none'}
                  onChange={(event) => {
                    const kind = event.target.value as Play | 'none';
                    if (kind === 'none') return update({ play: null });
                    const eventId = draft.play?.eventId ?? openPicked[0]?.event_id;
                    update({ play: eventId === undefined ? null : { eventId, kind } });
                  }}
                >
                  <FormControlLabel value="none" control={<Radio />} label="None" />
                  {plays.map((kind) => (
                    <FormControlLabel
                      key={kind}
                      value={kind}
                      control={<Radio />}
                      disabled={openPicked.length === 0}
                      label={kind === 'double' ? 'Double (±10)' : 'Triple (±15)'}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
              {draft.play && (
                <FormControl fullWidth size="small" sx={{ mt: 1 }} disabled={playLocked || ended}>
                  <InputLabel id="play-game">On the pick</InputLabel>
                  <Select
                    labelId="play-game"
                    label="On the pick"
                    value={String(draft.play.eventId)}
                    onChange={(event) =>
                      update({ play: { eventId: Number(event.target.value), kind: draft.play!.kind } })
                    }
                  >
                    {(playLocked ? week.games.filter((game) => game.event_id === draft.play?.eventId) : openPicked).map(
                      (game) => (
                        <MenuItem key={game.event_id} value={String(game.event_id)}>
                          {draft.picks[game.event_id]} ({game.away_team} at {game.home_team})
                        </MenuItem>
                      ),
                    )}
                  </Select>
                </FormControl>
              )}
            </Paper>
          )}

          {pool.last_man_standing && lmsStatus && !lmsStatus.may_pick && (
            <Alert severity="info" data-testid="lms-out">
              {lmsStatus.out_week !== null
                ? `You went out of Last Man Standing in week ${lmsStatus.out_week}.`
                : 'You are out of Last Man Standing.'}{' '}
              No team to pick.
            </Alert>
          )}
          {pool.last_man_standing && lmsStatus?.may_pick !== false && (
            <FormControl fullWidth size="small" disabled={ended}>
              <InputLabel id="lms-team">Last Man Standing team</InputLabel>
              <Select
                labelId="lms-team"
                label="Last Man Standing team"
                value={draft.lmsTeam}
                onChange={(event) => update({ lmsTeam: event.target.value })}
              >
                <MenuItem value="">
                  <em>None yet</em>
                </MenuItem>
                {draft.lmsTeam && !openLmsChoices.some((choice) => choice.team === draft.lmsTeam) && (
                  <MenuItem value={draft.lmsTeam} disabled>
                    {draft.lmsTeam} (locked)
                  </MenuItem>
                )}
                {openLmsChoices.map((choice) => (
                  <MenuItem key={choice.team} value={choice.team} disabled={choice.used}>
                    {lmsChoiceText(choice, ats)}
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>
                {lmsStatus?.buy_back
                  ? `You went out in week ${lmsStatus.out_week}: a team this week buys you back in, once. `
                  : ''}
                {lmsStatus && lmsStatus.strikes_allowed > 0
                  ? `Strikes used: ${lmsStatus.strikes_used} of ${lmsStatus.strikes_allowed}. `
                  : ''}
                Any team playing this week; each team once a season.
              </FormHelperText>
            </FormControl>
          )}

          <TextField
            size="small"
            label="Tiebreaker"
            helperText={
              lastGame
                ? `Total ${sportWords(pool.sport).score}, ${lastGame.away_team} at ${lastGame.home_team}`
                : undefined
            }
            type="number"
            disabled={ended || lastGame?.locked}
            slotProps={{
              htmlInput: { min: 0, max: 999, inputMode: 'numeric' },
              // Still read once the last game has locked (the sheet stays open for a survivor's team off the slate).
              formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
            }}
            value={draft.tiebreaker}
            onChange={(event) => update({ tiebreaker: event.target.value })}
          />

          {submit.isError && (
            <Alert severity="error" role="alert">
              Not saved: {refusalMessage(submit.error)}
            </Alert>
          )}
          {saved && !submit.isError && <Alert severity="success">Picks saved.</Alert>}
          <Box sx={{ position: 'sticky', bottom: 8, zIndex: 1 }}>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={submit.isPending || ended}>
              {submit.isPending ? 'Saving…' : `Save ${week.label} picks`}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}
