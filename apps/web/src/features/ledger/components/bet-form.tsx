import type { BookEvent, CreateBetBody, SportKey } from '@pass/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Loading } from '../../../components/loading';
import { useCreateBet } from '../api/bets';
import { useCurrentEvents } from '../api/events';
import { serverProblems } from '../lib/field-errors';
import {
  americanPrice,
  booksOf,
  gameText,
  KIND_WORDS,
  latestQuote,
  MODE_WORDS,
  SPORT_WORDS,
  TYPE_WORDS,
} from '../lib/format';
import { useIdempotencyKey } from '../lib/idempotency';

type Kind = 1 | 2 | 3;
type Mode = 1 | 2 | 3 | 4;

/** The types a kind allows. */
const TYPES_OF_KIND: Record<Kind, number[]> = { 1: [5], 2: [1, 2], 3: [4, 3, 7, 6] };

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
  multiplier: 1 | 2 | 3;
  simulated: boolean;
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
];

const initial: FormState = {
  eventId: '',
  mode: 1,
  kind: 3,
  side: '',
  type: 4,
  book: '',
  line: '',
  price: '',
  stake: '',
  multiplier: 1,
  simulated: true,
};

/** Line, price and type from the chosen book's latest quote of the chosen side. */
function withQuote(state: FormState, event: BookEvent | undefined): FormState {
  if (!event || !state.side) return state;
  const quote = latestQuote(event, state.book, state.kind, state.side);
  const next = { ...state, line: quote?.point?.toString() ?? '', price: quote?.price.toString() ?? '' };
  if (state.kind === 1) next.type = 5;
  if (state.kind === 2) next.type = state.side === 'Under' ? 2 : 1;
  if (state.kind === 3 && quote?.point !== null && quote?.point !== undefined) {
    const teaser = state.type === 6 || state.type === 7;
    next.type = quote.point < 0 ? (teaser ? 7 : 4) : teaser ? 6 : 3;
  }
  return next;
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** "Record a pick or bet": a game of the current week, a side and the book's latest line, posted once. */
export function BetForm({ onRecorded }: { onRecorded?: () => void }) {
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const [state, setState] = useState<FormState>(initial);
  const events = useCurrentEvents(sport);
  const create = useCreateBet();
  const idempotency = useIdempotencyKey();
  const [saved, setSaved] = useState<string | null>(null);

  const eventList = events.data?.events ?? [];
  const event = eventList.find((item) => String(item.event_id) === state.eventId);
  const books = booksOf(event);
  const isBet = state.mode === 3 || state.mode === 4;
  const problems = serverProblems(create.error, FIELDS);

  const update = (patch: Partial<FormState>, requote = true) => {
    setSaved(null);
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
    update({
      eventId,
      side: state.kind === 2 ? 'Over' : (chosen?.home_team ?? ''),
      book: chosenBooks.includes(state.book) ? state.book : (chosenBooks[0] ?? ''),
    });
  };

  const chooseKind = (kind: Kind) =>
    update({
      kind,
      type: TYPES_OF_KIND[kind][0]!,
      side: kind === 2 ? 'Over' : (event?.home_team ?? ''),
    });

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (!event) return;
    const body: CreateBetBody = {
      event_id: event.event_id,
      bet_mode: state.mode,
      bet_kind: state.kind,
      bet_type: state.type as CreateBetBody['bet_type'],
      bet_team: state.kind === 2 ? null : state.side,
      line: state.kind === 1 ? null : numberOrNull(state.line),
      // A pick has no price, no stake and is never a real bet (only bets are).
      price: isBet ? numberOrNull(state.price) : null,
      stake: isBet ? numberOrNull(state.stake) : null,
      book: state.book || null,
      is_simulated: isBet ? state.simulated : true,
      ...(isBet ? {} : { multiplier: state.multiplier }),
    };
    const idempotencyKey = idempotency.keyFor(body);
    create.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (response) => {
          idempotency.reset();
          setSaved(`Recorded: ${MODE_WORDS[response.data.bet_mode]} ${gameText(response.data.event)}.`);
          setState((current) => ({ ...current, stake: '' }));
          onRecorded?.();
        },
      },
    );
  };

  const sideOptions = state.kind === 2 ? ['Over', 'Under'] : event ? [event.away_team, event.home_team] : [];

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="record-heading">
      <Typography id="record-heading" variant="h6" component="h2" gutterBottom>
        Record a pick or bet
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
      >
        <TextField
          select
          label="Sport"
          value={sport}
          onChange={(changeEvent) => {
            setSport(changeEvent.target.value as SportKey);
            update({ eventId: '', side: '', line: '', price: '', book: '' }, false);
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
          onChange={(changeEvent) => chooseEvent(changeEvent.target.value)}
          error={Boolean(problems.fields.event_id)}
          helperText={
            problems.fields.event_id ??
            (events.isPending
              ? 'Loading this week’s games…'
              : events.isError
                ? 'The games could not be loaded.'
                : eventList.length === 0
                  ? 'No games this week.'
                  : undefined)
          }
        >
          {eventList.map((item) => (
            <MenuItem key={item.event_id} value={String(item.event_id)}>
              {gameText(item)} · {item.kickoff ? new Date(item.kickoff).toLocaleString() : item.game_date}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Mode"
          value={state.mode}
          onChange={(changeEvent) => update({ mode: Number(changeEvent.target.value) as Mode }, false)}
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
          {Object.entries(KIND_WORDS).map(([value, words]) => (
            <MenuItem key={value} value={Number(value)}>
              {words}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Side"
          value={sideOptions.includes(state.side) ? state.side : ''}
          onChange={(changeEvent) => update({ side: changeEvent.target.value })}
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
        <TextField
          select
          label="Type"
          value={state.type}
          onChange={(changeEvent) => update({ type: Number(changeEvent.target.value) }, false)}
          error={Boolean(problems.fields.bet_type)}
          helperText={problems.fields.bet_type}
        >
          {TYPES_OF_KIND[state.kind].map((value) => (
            <MenuItem key={value} value={value}>
              {TYPE_WORDS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Book"
          value={books.includes(state.book) ? state.book : ''}
          onChange={(changeEvent) => update({ book: changeEvent.target.value })}
          error={Boolean(problems.fields.book)}
          helperText={
            problems.fields.book ?? (event && books.length === 0 ? 'No quotes for this game yet.' : undefined)
          }
          disabled={books.length === 0}
        >
          {books.map((book) => (
            <MenuItem key={book} value={book}>
              {book}
            </MenuItem>
          ))}
        </TextField>
        {state.kind !== 1 && (
          <TextField
            label="Line"
            inputMode="decimal"
            value={state.line}
            onChange={(changeEvent) => update({ line: changeEvent.target.value }, false)}
            error={Boolean(problems.fields.line)}
            helperText={problems.fields.line ?? (state.kind === 3 ? 'From your side: −3.5 is favoured' : 'The total')}
          />
        )}
        {isBet ? (
          <>
            <TextField
              label="Price"
              inputMode="numeric"
              value={state.price}
              onChange={(changeEvent) => update({ price: changeEvent.target.value }, false)}
              error={Boolean(problems.fields.price)}
              helperText={
                problems.fields.price ??
                (state.price ? `American odds (${americanPrice(Number(state.price))})` : 'American odds')
              }
            />
            <TextField
              label="Stake ($)"
              inputMode="decimal"
              value={state.stake}
              onChange={(changeEvent) => update({ stake: changeEvent.target.value }, false)}
              error={Boolean(problems.fields.stake)}
              helperText={problems.fields.stake}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={state.simulated}
                  onChange={(changeEvent) => update({ simulated: changeEvent.target.checked }, false)}
                />
              }
              label={state.simulated ? 'Simulated' : 'Real'}
            />
          </>
        ) : (
          <TextField
            select
            label="Play"
            value={state.multiplier}
            onChange={(changeEvent) => update({ multiplier: Number(changeEvent.target.value) as 1 | 2 | 3 }, false)}
            error={Boolean(problems.fields.multiplier)}
            helperText={problems.fields.multiplier}
          >
            <MenuItem value={1}>Single (±5)</MenuItem>
            <MenuItem value={2}>Double play (±10)</MenuItem>
            <MenuItem value={3}>Triple play (±15)</MenuItem>
          </TextField>
        )}
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={!event || create.isPending}>
            {create.isPending ? 'Recording…' : 'Record'}
          </Button>
          {events.isPending && <Loading label="Loading games…" />}
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
    </Paper>
  );
}
