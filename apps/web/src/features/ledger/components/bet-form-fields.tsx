import type { BookEvent, SportKey } from '@pass/contracts';
import {
  BetKind,
  betTypeOfLine,
  DEFAULT_TEASER_POINTS,
  isTeaserType,
  MAX_TEASER_POINTS,
  type BetKindValue,
  type BetModeValue,
  type BetTypeValue,
} from '@pass/domain';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  americanPrice,
  gameText,
  KIND_WORDS,
  kindText,
  MODE_WORDS,
  SPORT_WORDS,
  TYPE_WORDS,
} from '../../../lib/bet-format';
import { bookName } from '../../../lib/books';
import { numberOrNull, type BetFormValues } from '../lib/bet-form-values';
import { BetMoneyChoice } from './bet-money-choice';

/**
 * The bet form's fields, in named groups. Each shows its value, the problem with it (the form's own or the
 * server's, by the request body's field name: its text goes under the field as its description) and reports a
 * change; the form decides what a change does to the other fields.
 */

/** A change to some fields; `requote` takes the line and price from the book's latest quote again. */
export type ChangeFields = (patch: Partial<BetFormValues>, requote?: boolean) => void;

interface FieldsProps {
  values: BetFormValues;
  /** A message per request body field (`stake`, `is_simulated`, …). */
  problems: Record<string, string>;
  change: ChangeFields;
}

/** "Sun, Nov 23": the day a game is played, by the device's time zone. */
function dayOf(event: BookEvent): string {
  const at = new Date(event.kickoff ?? `${event.game_date}T12:00:00Z`);
  return at.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** The sport, then a game of it still to kick off, under the heading of its day. */
export function GameChooser({
  sport,
  onSport,
  eventId,
  onEvent,
  eventList,
  loading,
  failed,
  problem,
}: {
  sport: SportKey;
  onSport: (sport: SportKey) => void;
  eventId: string;
  onEvent: (eventId: string) => void;
  eventList: readonly BookEvent[];
  loading: boolean;
  failed: boolean;
  problem: string | undefined;
}) {
  return (
    <>
      <TextField select label="Sport" value={sport} onChange={(event) => onSport(event.target.value as SportKey)}>
        {Object.entries(SPORT_WORDS).map(([key, words]) => (
          <MenuItem key={key} value={key}>
            {words}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Game"
        value={eventId}
        disabled={eventList.length === 0}
        // The helper says why the field is off (no game to come), so it keeps its readable colour.
        slotProps={{ formHelperText: { disabled: false } }}
        onChange={(event) => onEvent(event.target.value)}
        error={Boolean(problem)}
        helperText={
          problem ??
          (loading
            ? 'Loading the coming games…'
            : failed
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
  );
}

/** A new entry's mode, kind (in the sport's words) and side. */
export function EntryChoices({
  values,
  problems,
  change,
  sport,
  sideOptions,
  onKind,
}: FieldsProps & { sport: SportKey; sideOptions: readonly string[]; onKind: (kind: BetKindValue) => void }) {
  return (
    <>
      <TextField
        select
        label="Mode"
        value={values.bet_mode}
        onChange={(event) => change({ bet_mode: Number(event.target.value) as BetModeValue }, false)}
        error={Boolean(problems.bet_mode)}
        helperText={problems.bet_mode}
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
        value={values.bet_kind}
        onChange={(event) => onKind(Number(event.target.value) as BetKindValue)}
        error={Boolean(problems.bet_kind)}
        helperText={problems.bet_kind}
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
        value={sideOptions.includes(values.bet_team) ? values.bet_team : ''}
        onChange={(event) => change({ bet_team: event.target.value })}
        error={Boolean(problems.bet_team)}
        helperText={problems.bet_team}
        disabled={sideOptions.length === 0}
      >
        {sideOptions.map((side) => (
          <MenuItem key={side} value={side}>
            {side}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The type (a new entry's follows from its side and line), and the book: one quoting the game, else as typed. */
export function TypeAndBook({
  values,
  problems,
  change,
  shownType,
  typeOptions,
  books,
  explainsType,
  typedBook,
  unquoted,
}: FieldsProps & {
  shownType: BetTypeValue;
  typeOptions: readonly BetTypeValue[];
  books: readonly string[];
  /** Says that the type follows from the side and the line (a new entry). */
  explainsType: boolean;
  /** The book as text: an entry whose game is not among this week's has no quotes to choose one from. */
  typedBook: boolean;
  /** The game is chosen, and no book quotes it. */
  unquoted: boolean;
}) {
  return (
    <>
      <TextField
        select
        label="Type"
        value={shownType}
        onChange={(event) => change({ bet_type: Number(event.target.value) as BetTypeValue }, false)}
        error={Boolean(problems.bet_type)}
        helperText={problems.bet_type ?? (explainsType ? 'Follows from the side and the line' : undefined)}
        disabled={typeOptions.length < 2}
      >
        {typeOptions.map((value) => (
          <MenuItem key={value} value={value}>
            {TYPE_WORDS[value]}
          </MenuItem>
        ))}
      </TextField>
      {typedBook ? (
        <TextField
          label="Book"
          value={values.book}
          onChange={(event) => change({ book: event.target.value }, false)}
          error={Boolean(problems.book)}
          helperText={problems.book}
        />
      ) : (
        <TextField
          select
          label="Book"
          value={books.includes(values.book) ? values.book : ''}
          onChange={(event) => change({ book: event.target.value })}
          error={Boolean(problems.book)}
          helperText={problems.book ?? (unquoted ? 'No quotes for this game yet.' : undefined)}
          disabled={books.length === 0}
        >
          {books.map((book) => (
            <MenuItem key={book} value={book}>
              {bookName(book)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}

/** The numbers: the line (not for a moneyline), a teaser's points, and a bet's price and stake. */
export function PriceAndStake({ values, problems, change, bet }: FieldsProps & { bet: boolean }) {
  const teaser = values.bet_kind === BetKind.spread && isTeaserType(values.bet_type);
  return (
    <>
      {values.bet_kind !== BetKind.moneyline && (
        <TextField
          label="Line"
          inputMode="decimal"
          value={values.line}
          onChange={(event) => {
            // The type of a spread follows its line (the rule the server enforces).
            const type = betTypeOfLine(
              values.bet_kind,
              numberOrNull(event.target.value),
              isTeaserType(values.bet_type),
            );
            change({ line: event.target.value, ...(type === null ? {} : { bet_type: type }) }, false);
          }}
          error={Boolean(problems.line)}
          helperText={
            problems.line ?? (values.bet_kind === BetKind.spread ? 'From your side: −3.5 is favoured' : 'The total')
          }
        />
      )}
      {teaser && (
        <TextField
          label="Teaser points"
          inputMode="decimal"
          value={values.teaser_points}
          onChange={(event) => change({ teaser_points: event.target.value }, false)}
          error={Boolean(problems.teaser_points)}
          helperText={
            problems.teaser_points ??
            `How far the line moves your way: more than 0, at most ${MAX_TEASER_POINTS} (${DEFAULT_TEASER_POINTS} when empty)`
          }
        />
      )}
      {bet && (
        <>
          <TextField
            label="Price"
            inputMode="numeric"
            value={values.price}
            onChange={(event) => change({ price: event.target.value }, false)}
            error={Boolean(problems.price)}
            helperText={
              problems.price ??
              (values.price && !Number.isNaN(Number(values.price))
                ? `American odds (${americanPrice(Number(values.price))})`
                : 'American odds')
            }
          />
          <TextField
            label="Stake ($)"
            inputMode="decimal"
            value={values.stake}
            onChange={(event) => change({ stake: event.target.value }, false)}
            error={Boolean(problems.stake)}
            helperText={problems.stake}
          />
        </>
      )}
    </>
  );
}

/** Real money or simulated, asked of a new bet: no default, the member's last choice once they made one. */
export function MoneyChoice({ values, problems, change }: FieldsProps) {
  return (
    <BetMoneyChoice
      value={values.is_simulated === null ? null : values.is_simulated ? 'simulated' : 'real'}
      onChange={(value) => change({ is_simulated: value === 'simulated' }, false)}
      error={Boolean(problems.is_simulated)}
      helperText={problems.is_simulated}
    />
  );
}

/** A new pick's play: single, double or triple. */
export function PlayChoice({ values, problems, change }: FieldsProps) {
  return (
    <TextField
      select
      label="Play"
      value={values.multiplier}
      onChange={(event) => change({ multiplier: Number(event.target.value) as 1 | 2 | 3 }, false)}
      error={Boolean(problems.multiplier)}
      helperText={problems.multiplier}
    >
      <MenuItem value={1}>Single (±5)</MenuItem>
      <MenuItem value={2}>Double play (±10)</MenuItem>
      <MenuItem value={3}>Triple play (±15)</MenuItem>
    </TextField>
  );
}
