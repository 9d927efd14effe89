import type { BetEntry, BookEvent, CreateBetBody, SportKey, UpdateBetBody } from '@pass/contracts';
import {
  BetKind,
  BetMode,
  betTypeOfLine,
  BetType,
  DEFAULT_TEASER_POINTS,
  isTeaserType,
  MAX_TEASER_POINTS,
  type BetKindValue,
  type BetModeValue,
} from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { Loading } from '../../../components/loading';
import { segmentSx } from '../../../components/segment-style';
import { useCreateBet, useUpdateBet } from '../api/bets';
import { useComingEvents } from '../api/events';
import { bookName } from '../../../lib/books';
import { useServerNow } from '../../../lib/server-clock';
import { useBetMoney } from '../lib/bet-mode';
import { isBeforeKickoff } from '../lib/picks';
import { typeOfBet } from '../lib/slip';
import { serverProblems } from '../../../lib/field-errors';
import {
  americanPrice,
  gameText,
  isBet,
  KIND_WORDS,
  kindText,
  MODE_WORDS,
  sideText,
  SPORT_WORDS,
  TYPE_WORDS,
} from '../../../lib/bet-format';
import { booksOf, latestQuote } from '../../../lib/book-quotes';
import { useIdempotencyKey } from '../../../lib/idempotency';

type Kind = BetKindValue;
type Mode = BetModeValue;

/** The types a kind allows. */
const TYPES_OF_KIND: Record<Kind, number[]> = {
  [BetKind.moneyline]: [BetType.to_win],
  [BetKind.totals]: [BetType.over, BetType.under],
  [BetKind.spread]: [BetType.favored, BetType.underdog, BetType.tease_fav, BetType.tease_dog],
};

interface FormState {
  eventId: string;
  mode: Mode;
  kind: Kind;
  /** A team abbreviation, or Over / Under for totals. */
  side: string;
  type: number;
  book: string;
  line: string;
  price: string;
  stake: string;
  teaserPoints: string;
  multiplier: 1 | 2 | 3;
  /** Real or simulated: null until the member says (no default; their last choice once they made one). */
  simulated: boolean | null;
}

const FIELDS = [
  'event_id',
  'bet_mode',
  'bet_kind',
  'bet_type',
  'bet_team',
  'line',
  'price',
  'stake',
  'book',
  'multiplier',
  'teaser_points',
  'is_simulated',
];

const initial: FormState = {
  eventId: '',
  mode: BetMode.pick_on,
  kind: BetKind.spread,
  side: '',
  type: BetType.favored,
  book: '',
  line: '',
  price: '',
  stake: '',
  teaserPoints: String(DEFAULT_TEASER_POINTS),
  multiplier: 1,
  simulated: null,
};

/**
 * The type a new entry's side and line make (lib/slip.ts): a spread giving points is the favourite's, one
 * getting them the underdog's, a teaser staying a teaser; a total's side is its type; a moneyline is "to win".
 */
function derivedType(state: Pick<FormState, 'kind' | 'side' | 'line' | 'type'>): number {
  const line = state.line.trim() === '' || Number.isNaN(Number(state.line)) ? null : Number(state.line);
  const type = typeOfBet(state.kind, state.side, line);
  if (state.kind === BetKind.spread && isTeaserType(state.type)) {
    return type === BetType.favored ? BetType.tease_fav : BetType.tease_dog;
  }
  return type;
}

/** "Sun, Nov 23": the day a game is played, by the device's time zone. */
function dayOf(event: BookEvent): string {
  const at = new Date(event.kickoff ?? `${event.game_date}T12:00:00Z`);
  return at.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** Line, price and type from the chosen book's latest quote of the chosen side. */
function withQuote(state: FormState, event: BookEvent | undefined): FormState {
  if (!event || !state.side) return state;
  const quote = latestQuote(event, state.book, state.kind, state.side);
  const next = { ...state, line: quote?.point?.toString() ?? '', price: quote?.price.toString() ?? '' };
  if (state.kind === BetKind.moneyline) next.type = BetType.to_win;
  if (state.kind === BetKind.totals) next.type = state.side === 'Under' ? BetType.under : BetType.over;
  if (state.kind === BetKind.spread && quote?.point !== null && quote?.point !== undefined) {
    next.type = betTypeOfLine(BetKind.spread, quote.point, isTeaserType(state.type)) ?? next.type;
  }
  return next;
}

/** A bet on one game of a schedule: its spread (straight up in baseball), the home side, the first book. */
function stateForGame(game: BookEvent): FormState {
  const kind: Kind = game.sport === 'baseball_mlb' ? BetKind.moneyline : BetKind.spread;
  return withQuote(
    {
      ...initial,
      eventId: String(game.event_id),
      mode: BetMode.bet_on,
      kind,
      type: TYPES_OF_KIND[kind][0]!,
      side: game.home_team,
      book: booksOf(game)[0] ?? '',
    },
    game,
  );
}

const toText = (value: number | null) => (value === null ? '' : String(value));

function stateOfEntry(entry: BetEntry): FormState {
  return {
    eventId: String(entry.event_id),
    mode: entry.bet_mode,
    kind: entry.bet_kind,
    side: sideText(entry),
    type: entry.bet_type,
    book: entry.book ?? '',
    line: toText(entry.line),
    price: toText(entry.price),
    stake: entry.stake_cents === null ? '' : String(entry.stake_cents / 100),
    teaserPoints: String(entry.teaser_points ?? DEFAULT_TEASER_POINTS),
    multiplier: entry.multiplier as 1 | 2 | 3,
    simulated: entry.is_simulated,
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Fields whose text is not a number: refused here, since JSON would turn it into null. */
function notNumbers(state: FormState, fields: readonly ('line' | 'price' | 'stake' | 'teaser_points')[]) {
  const text = { line: state.line, price: state.price, stake: state.stake, teaser_points: state.teaserPoints };
  const problems: Record<string, string> = {};
  for (const field of fields) if (Number.isNaN(numberOrNull(text[field]))) problems[field] = 'must be a number';
  return problems;
}

/** What an edit changes, field by field; empty when nothing does. */
function changesOf(state: FormState, entry: BetEntry): UpdateBetBody {
  const changes: UpdateBetBody = {};
  const bet = isBet(entry.bet_mode);
  if (state.type !== entry.bet_type) changes.bet_type = state.type as UpdateBetBody['bet_type'];
  const line = numberOrNull(state.line);
  if (entry.bet_kind !== BetKind.moneyline && line !== entry.line) changes.line = line;
  const price = numberOrNull(state.price);
  if (bet && price !== entry.price) changes.price = price;
  const stake = numberOrNull(state.stake);
  const stakeCents = stake === null ? null : Math.round(stake * 100);
  if (bet && stakeCents !== entry.stake_cents) changes.stake = stake;
  const book = state.book.trim() || null;
  if (book !== entry.book) changes.book = book;
  if (isTeaserType(state.type)) {
    const points = numberOrNull(state.teaserPoints) ?? DEFAULT_TEASER_POINTS;
    const stored = isTeaserType(entry.bet_type) ? (entry.teaser_points ?? DEFAULT_TEASER_POINTS) : null;
    if (points !== stored) changes.teaser_points = points;
  }
  return changes;
}

export interface BetFormProps {
  /** Records on this game only (a schedule's form): no sport or game to choose, a bet to start with. */
  game?: BookEvent;
  /** Changes this open entry (PATCH) instead of recording a new one. */
  entry?: BetEntry;
  /** Without its own frame and heading: inside a dialog that names it. */
  bare?: boolean;
  /** After the server stored the entry or its change. */
  onRecorded?: (entry: BetEntry) => void;
}

/**
 * "Record a pick or bet": a game of the current week (or the one given), a side and the book's latest line,
 * posted once; or, given an entry, its line, price, stake, book, type and teaser points changed until kickoff.
 */
export function BetForm({ game, entry, bare = false, onRecorded }: BetFormProps) {
  const [sport, setSport] = useState<SportKey>(game?.sport ?? entry?.sport ?? 'americanfootball_nfl');
  const [remembered, rememberMoney] = useBetMoney();
  const [state, setState] = useState<FormState>(() => {
    const start = entry ? stateOfEntry(entry) : game ? stateForGame(game) : initial;
    return entry || remembered === null ? start : { ...start, simulated: remembered === 'simulated' };
  });
  const moneyLabelId = useId();
  // The games of this week and the coming one; an edit looks its game up among them for the books that quote it.
  const events = useComingEvents(sport, { enabled: !game });
  const now = useServerNow();
  const create = useCreateBet();
  const save = useUpdateBet();
  const idempotency = useIdempotencyKey();
  const [saved, setSaved] = useState<string | null>(null);
  const [localProblems, setLocalProblems] = useState<Record<string, string>>({});

  // A new bet is on a game still to kick off (by the server's clock), in kickoff order.
  const eventList = game
    ? [game]
    : entry
      ? events.events
      : now === null
        ? []
        : events.events
            .filter((item) => isBeforeKickoff(item, now))
            .sort((a, b) => (a.kickoff ?? a.game_date).localeCompare(b.kickoff ?? b.game_date));
  const event = eventList.find((item) => String(item.event_id) === state.eventId);
  const quotedBooks = booksOf(event);
  const books = entry?.book && !quotedBooks.includes(entry.book) ? [...quotedBooks, entry.book] : quotedBooks;
  const bet = isBet(state.mode);
  const teaser = state.kind === BetKind.spread && isTeaserType(state.type);
  const mutation = entry ? save : create;
  const server = serverProblems(mutation.error, FIELDS);
  const problems = { ...server, fields: { ...server.fields, ...localProblems } };
  const changes = entry ? changesOf(state, entry) : null;
  const chooses = !game && !entry;

  const change = (patch: Partial<FormState>, requote = true) => {
    setSaved(null);
    setLocalProblems({});
    setState((current) => {
      const next = { ...current, ...patch };
      return requote
        ? withQuote(
            next,
            eventList.find((item) => String(item.event_id) === next.eventId),
          )
        : next;
    });
  };

  const chooseEvent = (eventId: string) => {
    const chosen = eventList.find((item) => String(item.event_id) === eventId);
    const chosenBooks = booksOf(chosen);
    change({
      eventId,
      side: state.kind === BetKind.totals ? 'Over' : (chosen?.home_team ?? ''),
      book: chosenBooks.includes(state.book) ? state.book : (chosenBooks[0] ?? ''),
    });
  };

  const chooseKind = (kind: Kind) =>
    change({
      kind,
      type: TYPES_OF_KIND[kind][0]!,
      side: kind === BetKind.totals ? 'Over' : (event?.home_team ?? ''),
    });

  const numericFields = () =>
    [
      ...(state.kind !== BetKind.moneyline ? (['line'] as const) : []),
      ...(bet ? (['price', 'stake'] as const) : []),
      ...(teaser ? (['teaser_points'] as const) : []),
    ] as const;

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const notNumber = notNumbers(state, numericFields());
    if (Object.keys(notNumber).length > 0) {
      setLocalProblems(notNumber);
      return;
    }
    if (!entry && bet && state.simulated === null) {
      setLocalProblems({ is_simulated: 'Choose real money or simulated.' });
      return;
    }
    if (entry) {
      if (!changes || Object.keys(changes).length === 0) return;
      save.mutate(
        { id: entry.id, body: changes },
        {
          onSuccess: (response) => {
            setSaved('Saved.');
            onRecorded?.(response.data);
          },
        },
      );
      return;
    }
    if (!event) return;
    const body: CreateBetBody = {
      event_id: event.event_id,
      bet_mode: state.mode,
      bet_kind: state.kind,
      bet_type: derivedType(state) as CreateBetBody['bet_type'],
      bet_team: state.kind === BetKind.totals ? null : state.side,
      line: state.kind === BetKind.moneyline ? null : numberOrNull(state.line),
      // A pick has no price, no stake and is never a real bet (only bets are).
      price: bet ? numberOrNull(state.price) : null,
      stake: bet ? numberOrNull(state.stake) : null,
      book: state.book || null,
      is_simulated: bet ? state.simulated === true : true,
      ...(bet ? {} : { multiplier: state.multiplier }),
      // Empty: the server's default (6).
      ...(teaser ? { teaser_points: numberOrNull(state.teaserPoints) } : {}),
    };
    const idempotencyKey = idempotency.keyFor(body);
    create.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (response) => {
          idempotency.reset();
          if (bet && state.simulated !== null) rememberMoney(state.simulated ? 'simulated' : 'real');
          setSaved(`Recorded: ${MODE_WORDS[response.data.bet_mode]} ${gameText(response.data.event)}.`);
          setState((current) => ({ ...current, stake: '' }));
          onRecorded?.(response.data);
        },
      },
    );
  };

  const sideOptions =
    state.kind === BetKind.totals ? ['Over', 'Under'] : event ? [event.away_team, event.home_team] : [];
  // A new entry's type follows from its side and line: a spread only chooses between a straight bet and a
  // teaser. An entry's own type stays choosable even where a new one would not take it (a moneyline "favored").
  const shownType = entry ? state.type : derivedType(state);
  const typeOptions = entry
    ? [...new Set([...TYPES_OF_KIND[state.kind], entry.bet_type])]
    : state.kind === BetKind.spread
      ? [
          ...new Set([
            derivedType({ ...state, type: BetType.favored }),
            derivedType({ ...state, type: BetType.tease_fav }),
          ]),
        ]
      : [shownType];
  const heading = entry
    ? `Change ${MODE_WORDS[entry.bet_mode]} ${sideText(entry)}`
    : game
      ? `Pick or bet: ${gameText(game)}`
      : 'Record a pick or bet';
  const headingId = entry ? `change-heading-${entry.id}` : game ? `record-heading-${game.event_id}` : 'record-heading';

  const form = (
    <>
      {!bare && (
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {heading}
        </Typography>
      )}
      {entry && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {MODE_WORDS[entry.bet_mode]} {sideText(entry)} · {kindText(entry.bet_kind, entry.sport)} ·{' '}
          {gameText(entry.event)}
          {entry.multiplier > 1 ? ` · ×${entry.multiplier}` : ''}
          {bet ? (entry.is_simulated ? ' · simulated' : ' · real') : ''}
        </Typography>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={bare ? heading : undefined}
        sx={{
          display: 'grid',
          gap: 2,
          pt: bare ? 1 : 0,
          gridTemplateColumns: bare ? { xs: '1fr', sm: '1fr 1fr' } : { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {chooses && (
          <>
            <TextField
              select
              label="Sport"
              value={sport}
              onChange={(changeEvent) => {
                setSport(changeEvent.target.value as SportKey);
                change({ eventId: '', side: '', line: '', price: '', book: '' }, false);
              }}
            >
              {Object.entries(SPORT_WORDS).map(([key, words]) => (
                <MenuItem key={key} value={key}>
                  {words}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Game"
              value={state.eventId}
              disabled={eventList.length === 0}
              // The helper says why the field is off (no game to come), so it keeps its readable colour.
              slotProps={{ formHelperText: { disabled: false } }}
              onChange={(changeEvent) => chooseEvent(changeEvent.target.value)}
              error={Boolean(problems.fields.event_id)}
              helperText={
                problems.fields.event_id ??
                (events.isPending
                  ? 'Loading the coming games…'
                  : events.isError
                    ? 'The games could not be loaded.'
                    : eventList.length === 0
                      ? 'No game to come this week or next.'
                      : 'Games still to kick off, this week and next')
              }
            >
              {eventList.flatMap((item, index) => {
                const day = dayOf(item);
                const option = (
                  <MenuItem key={item.event_id} value={String(item.event_id)}>
                    {gameText(item)}
                    {item.kickoff
                      ? ` · ${new Date(item.kickoff).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`
                      : ''}
                  </MenuItem>
                );
                const previous = eventList[index - 1];
                return previous && dayOf(previous) === day
                  ? [option]
                  : [<ListSubheader key={`day-${day}`}>{day}</ListSubheader>, option];
              })}
            </TextField>
          </>
        )}
        {!entry && (
          <>
            <TextField
              select
              label="Mode"
              value={state.mode}
              onChange={(changeEvent) => change({ mode: Number(changeEvent.target.value) as Mode }, false)}
              error={Boolean(problems.fields.bet_mode)}
              helperText={problems.fields.bet_mode}
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
              value={state.kind}
              onChange={(changeEvent) => chooseKind(Number(changeEvent.target.value) as Kind)}
              error={Boolean(problems.fields.bet_kind)}
              helperText={problems.fields.bet_kind}
            >
              {Object.keys(KIND_WORDS).map((value) => (
                <MenuItem key={value} value={Number(value)}>
                  {kindText(Number(value), sport)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Side"
              value={sideOptions.includes(state.side) ? state.side : ''}
              onChange={(changeEvent) => change({ side: changeEvent.target.value })}
              error={Boolean(problems.fields.bet_team)}
              helperText={problems.fields.bet_team}
              disabled={sideOptions.length === 0}
            >
              {sideOptions.map((side) => (
                <MenuItem key={side} value={side}>
                  {side}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <TextField
          select
          label="Type"
          value={shownType}
          onChange={(changeEvent) => change({ type: Number(changeEvent.target.value) }, false)}
          error={Boolean(problems.fields.bet_type)}
          helperText={problems.fields.bet_type ?? (entry ? undefined : 'Follows from the side and the line')}
          disabled={typeOptions.length < 2}
        >
          {typeOptions.map((value) => (
            <MenuItem key={value} value={value}>
              {TYPE_WORDS[value]}
            </MenuItem>
          ))}
        </TextField>
        {entry && !event ? (
          // The game is not among this week's: no quotes to choose a book from.
          <TextField
            label="Book"
            value={state.book}
            onChange={(changeEvent) => change({ book: changeEvent.target.value }, false)}
            error={Boolean(problems.fields.book)}
            helperText={problems.fields.book}
          />
        ) : (
          <TextField
            select
            label="Book"
            value={books.includes(state.book) ? state.book : ''}
            onChange={(changeEvent) => change({ book: changeEvent.target.value })}
            error={Boolean(problems.fields.book)}
            helperText={
              problems.fields.book ?? (event && books.length === 0 ? 'No quotes for this game yet.' : undefined)
            }
            disabled={books.length === 0}
          >
            {books.map((book) => (
              <MenuItem key={book} value={book}>
                {bookName(book)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {state.kind !== BetKind.moneyline && (
          <TextField
            label="Line"
            inputMode="decimal"
            value={state.line}
            onChange={(changeEvent) => {
              // The type of a spread follows its line (the rule the server enforces).
              const type = betTypeOfLine(state.kind, numberOrNull(changeEvent.target.value), isTeaserType(state.type));
              change({ line: changeEvent.target.value, ...(type === null ? {} : { type }) }, false);
            }}
            error={Boolean(problems.fields.line)}
            helperText={
              problems.fields.line ?? (state.kind === BetKind.spread ? 'From your side: −3.5 is favoured' : 'The total')
            }
          />
        )}
        {teaser && (
          <TextField
            label="Teaser points"
            inputMode="decimal"
            value={state.teaserPoints}
            onChange={(changeEvent) => change({ teaserPoints: changeEvent.target.value }, false)}
            error={Boolean(problems.fields.teaser_points)}
            helperText={
              problems.fields.teaser_points ??
              `How far the line moves your way: more than 0, at most ${MAX_TEASER_POINTS} (${DEFAULT_TEASER_POINTS} when empty)`
            }
          />
        )}
        {bet && (
          <>
            <TextField
              label="Price"
              inputMode="numeric"
              value={state.price}
              onChange={(changeEvent) => change({ price: changeEvent.target.value }, false)}
              error={Boolean(problems.fields.price)}
              helperText={
                problems.fields.price ??
                (state.price && !Number.isNaN(Number(state.price))
                  ? `American odds (${americanPrice(Number(state.price))})`
                  : 'American odds')
              }
            />
            <TextField
              label="Stake ($)"
              inputMode="decimal"
              value={state.stake}
              onChange={(changeEvent) => change({ stake: changeEvent.target.value }, false)}
              error={Boolean(problems.fields.stake)}
              helperText={problems.fields.stake}
            />
          </>
        )}
        {bet && !entry && (
          <FormControl error={Boolean(problems.fields.is_simulated)}>
            <FormLabel id={moneyLabelId} sx={{ mb: 0.5 }}>
              Real money or simulated?
            </FormLabel>
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              aria-labelledby={moneyLabelId}
              value={state.simulated === null ? null : state.simulated ? 'simulated' : 'real'}
              onChange={(_event, value: 'real' | 'simulated' | null) =>
                value && change({ simulated: value === 'simulated' }, false)
              }
            >
              <ToggleButton value="real" sx={segmentSx}>
                Real money
              </ToggleButton>
              <ToggleButton value="simulated" sx={segmentSx}>
                Simulated
              </ToggleButton>
            </ToggleButtonGroup>
            {problems.fields.is_simulated ? <FormHelperText>{problems.fields.is_simulated}</FormHelperText> : null}
          </FormControl>
        )}
        {!bet && !entry && (
          <TextField
            select
            label="Play"
            value={state.multiplier}
            onChange={(changeEvent) => change({ multiplier: Number(changeEvent.target.value) as 1 | 2 | 3 }, false)}
            error={Boolean(problems.fields.multiplier)}
            helperText={problems.fields.multiplier}
          >
            <MenuItem value={1}>Single (±5)</MenuItem>
            <MenuItem value={2}>Double play (±10)</MenuItem>
            <MenuItem value={3}>Triple play (±15)</MenuItem>
          </TextField>
        )}
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {entry ? (
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending || !changes || Object.keys(changes).length === 0}
            >
              {save.isPending ? 'Saving…' : 'Save changes'}
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={!event || create.isPending}>
              {create.isPending ? 'Recording…' : 'Record'}
            </Button>
          )}
          {chooses && events.isPending && <Loading label="Loading games…" />}
        </Box>
      </Box>
      {problems.general && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {problems.general}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {saved}
        </Alert>
      )}
    </>
  );

  if (bare) return <Box>{form}</Box>;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      {form}
    </Paper>
  );
}
