import { zodResolver } from '@hookform/resolvers/zod';
import type { BetEntry, BookEvent, CreateBetBody, SportKey, UpdateBetBody } from '@pass/contracts';
import { BetKind, BetType, type BetKindValue } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import { Loading } from '../../../components/loading';
import { gameText, isBet, kindText, MODE_WORDS, sideText } from '../../../lib/bet-format';
import { booksOf } from '../../../lib/book-quotes';
import { serverProblems } from '../../../lib/field-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useServerNow } from '../../../lib/server-clock';
import { useCreateBet, useUpdateBet } from '../api/bets';
import { useComingEvents } from '../api/events';
import { useBetMoney } from '../lib/bet-mode';
import {
  changesOf,
  derivedType,
  entryChangeForm,
  NEW_ENTRY,
  NewEntryForm,
  TYPES_OF_KIND,
  valuesForGame,
  valuesOfEntry,
  withQuote,
  type BetFormValues,
} from '../lib/bet-form-values';
import { isBeforeKickoff } from '../lib/picks';
import { EntryChoices, GameChooser, MoneyChoice, PlayChoice, PriceAndStake, TypeAndBook } from './bet-form-fields';

/** The request body's fields, as the server names them in a refusal and the form names its own problems. */
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
] as const;

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
 * The fields are checked by the contract's schema before anything is sent (lib/bet-form-values.ts).
 */
export function BetForm({ game, entry, bare = false, onRecorded }: BetFormProps) {
  const [sport, setSport] = useState<SportKey>(game?.sport ?? entry?.sport ?? 'americanfootball_nfl');
  const [remembered, rememberMoney] = useBetMoney();
  const [defaultValues] = useState<BetFormValues>(() => {
    const start = entry ? valuesOfEntry(entry) : game ? valuesForGame(game) : NEW_ENTRY;
    return entry || remembered === null ? start : { ...start, is_simulated: remembered === 'simulated' };
  });
  const [resolver] = useState(() => (entry ? zodResolver(entryChangeForm(entry)) : zodResolver(NewEntryForm)));
  const form = useForm<BetFormValues, unknown, CreateBetBody | UpdateBetBody>({
    defaultValues,
    resolver,
    // The MUI fields are controlled through the form's values, not registered: a problem shows under its field
    // and the focus stays where the member left it.
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control, compute: (current: BetFormValues) => ({ ...current }) });
  const { errors } = useFormState({ control: form.control });
  // The games of this week and the coming one; an edit looks its game up among them for the books that quote it.
  const events = useComingEvents(sport, { enabled: !game });
  const now = useServerNow();
  const create = useCreateBet();
  const save = useUpdateBet();
  const idempotency = useIdempotencyKey();
  const [saved, setSaved] = useState<string | null>(null);

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
  const event = eventList.find((item) => String(item.event_id) === values.event_id);
  const quotedBooks = booksOf(event);
  const books = entry?.book && !quotedBooks.includes(entry.book) ? [...quotedBooks, entry.book] : quotedBooks;
  const bet = isBet(values.bet_mode);
  const server = serverProblems((entry ? save : create).error, FIELDS);
  const problems: Record<string, string> = { ...server.fields };
  for (const field of FIELDS) {
    const message = errors[field]?.message;
    if (message) problems[field] = message;
  }
  const changes = entry ? changesOf(values, entry) : null;
  const chooses = !game && !entry;

  const change = (patch: Partial<BetFormValues>, requote = true) => {
    setSaved(null);
    form.clearErrors();
    const current = form.getValues();
    const merged = { ...current, ...patch };
    const next = requote
      ? withQuote(
          merged,
          eventList.find((item) => String(item.event_id) === merged.event_id),
        )
      : merged;
    for (const field of Object.keys(next) as (keyof BetFormValues)[]) {
      if (next[field] !== current[field]) form.setValue(field, next[field]);
    }
  };

  const chooseEvent = (eventId: string) => {
    const chosen = eventList.find((item) => String(item.event_id) === eventId);
    const chosenBooks = booksOf(chosen);
    change({
      event_id: eventId,
      bet_team: values.bet_kind === BetKind.totals ? 'Over' : (chosen?.home_team ?? ''),
      book: chosenBooks.includes(values.book) ? values.book : (chosenBooks[0] ?? ''),
    });
  };

  const chooseKind = (kind: BetKindValue) =>
    change({
      bet_kind: kind,
      bet_type: TYPES_OF_KIND[kind][0]!,
      bet_team: kind === BetKind.totals ? 'Over' : (event?.home_team ?? ''),
    });

  const record = (body: CreateBetBody) => {
    if (!event) return;
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (response) => {
          idempotency.reset();
          if (isBet(body.bet_mode)) rememberMoney(body.is_simulated ? 'simulated' : 'real');
          setSaved(`Recorded: ${MODE_WORDS[response.data.bet_mode]} ${gameText(response.data.event)}.`);
          form.setValue('stake', '');
          onRecorded?.(response.data);
        },
      },
    );
  };

  const saveChanges = (body: UpdateBetBody, changed: BetEntry) =>
    save.mutate(
      { id: changed.id, body },
      {
        onSuccess: (response) => {
          setSaved('Saved.');
          onRecorded?.(response.data);
        },
      },
    );

  // The schema of a change gives the changes, that of a new entry its body.
  const submit = form.handleSubmit((body) =>
    entry ? saveChanges(body as UpdateBetBody, entry) : record(body as CreateBetBody),
  );

  const sideOptions =
    values.bet_kind === BetKind.totals ? ['Over', 'Under'] : event ? [event.away_team, event.home_team] : [];
  // A new entry's type follows from its side and line: a spread only chooses between a straight bet and a
  // teaser. An entry's own type stays choosable even where a new one would not take it (a moneyline "favored").
  const shownType = entry ? values.bet_type : derivedType(values);
  const typeOptions = entry
    ? [...new Set([...TYPES_OF_KIND[values.bet_kind], entry.bet_type])]
    : values.bet_kind === BetKind.spread
      ? [
          ...new Set([
            derivedType({ ...values, bet_type: BetType.favored }),
            derivedType({ ...values, bet_type: BetType.tease_fav }),
          ]),
        ]
      : [shownType];
  const heading = entry
    ? `Change ${MODE_WORDS[entry.bet_mode]} ${sideText(entry)}`
    : game
      ? `Pick or bet: ${gameText(game)}`
      : 'Record a pick or bet';
  const headingId = entry ? `change-heading-${entry.id}` : game ? `record-heading-${game.event_id}` : 'record-heading';
  const fields = { values, problems, change };

  const content = (
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
          <GameChooser
            sport={sport}
            onSport={(chosen) => {
              setSport(chosen);
              change({ event_id: '', bet_team: '', line: '', price: '', book: '' }, false);
            }}
            eventId={values.event_id}
            onEvent={chooseEvent}
            eventList={eventList}
            loading={events.isPending}
            failed={events.isError}
            problem={problems.event_id}
          />
        )}
        {!entry && <EntryChoices {...fields} sport={sport} sideOptions={sideOptions} onKind={chooseKind} />}
        <TypeAndBook
          {...fields}
          shownType={shownType}
          typeOptions={typeOptions}
          books={books}
          explainsType={!entry}
          typedBook={Boolean(entry) && !event}
          unquoted={Boolean(event) && books.length === 0}
        />
        <PriceAndStake {...fields} bet={bet} />
        {bet && !entry && <MoneyChoice {...fields} />}
        {!bet && !entry && <PlayChoice {...fields} />}
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
      {server.general && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {server.general}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {saved}
        </Alert>
      )}
    </>
  );

  if (bare) return <Box>{content}</Box>;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      {content}
    </Paper>
  );
}
