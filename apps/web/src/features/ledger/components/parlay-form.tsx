import type { BookEvent, CreateParlayBody, SportKey } from '@pass/contracts';
import {
  BetKind,
  BetType,
  betTypeOfLine,
  dollarsToCents,
  MAX_PARLAY_LEGS,
  MIN_PARLAY_LEGS,
  parlayAmericanPrice,
  parlayLegsProblem,
  parlayPayoutCents,
  type BetKindValue,
} from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { Loading } from '../../../components/loading';
import { serverProblems } from '../../../lib/field-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useNextWeekEvents } from '../api/events';
import { useCreateParlay } from '../api/parlays';
import { useBetMoney, type BetMoney } from '../lib/bet-mode';
import { typedPrice } from '../lib/slip';
import { americanPrice, gameText, kindText, SPORT_WORDS } from '../../../lib/bet-format';
import { booksOf, latestQuote } from '../../../lib/book-quotes';
import { dollars } from '../../../lib/money';
import { BetMoneyChoice } from './bet-money-choice';

type Kind = BetKindValue;

/** One chosen game and the side, line and price taken on it, as typed. */
export interface LegDraft {
  eventId: number;
  kind: Kind;
  /** A team abbreviation, or Over / Under for totals. */
  side: string;
  line: string;
  price: string;
}

const KIND_LABEL: Record<Kind, string> = {
  [BetKind.moneyline]: 'Moneyline',
  [BetKind.spread]: 'Spread',
  [BetKind.totals]: 'Total',
};
/** A leg's market in its game's sport's words (a baseball spread is the run line). */
const kindLabel = (kind: Kind, sport: string) =>
  kind === BetKind.spread ? kindText(BetKind.spread, sport) : KIND_LABEL[kind];

/** Games still to come: the server says so by its clock (a scheduled game whose result is not overdue). */
export const isOpenGame = (event: BookEvent) => event.status === 'scheduled' && !event.result_missing;

/** The day of a game as a heading: its kickoff's local date, else its listed date. */
function dayOf(event: BookEvent): string {
  const date = event.kickoff ? new Date(event.kickoff) : new Date(`${event.game_date}T12:00:00Z`);
  return date.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
}

/** Open games in kickoff order, grouped by day. */
export function groupByDay(events: readonly BookEvent[]): [string, BookEvent[]][] {
  const sorted = [...events].sort((a, b) => (a.kickoff ?? a.game_date).localeCompare(b.kickoff ?? b.game_date));
  const groups = new Map<string, BookEvent[]>();
  for (const event of sorted) {
    const day = dayOf(event);
    groups.set(day, [...(groups.get(day) ?? []), event]);
  }
  return [...groups];
}

/** A leg on a game with the first book's latest quote of its spread (moneyline in baseball), home side. */
export function legForGame(
  event: BookEvent,
  kind: Kind = event.sport === 'baseball_mlb' ? BetKind.moneyline : BetKind.spread,
): LegDraft {
  const side = kind === BetKind.totals ? 'Over' : event.home_team;
  return withQuote({ eventId: event.event_id, kind, side, line: '', price: '' }, event);
}

function withQuote(leg: LegDraft, event: BookEvent): LegDraft {
  const quote = latestQuote(event, booksOf(event)[0] ?? '', leg.kind, leg.side);
  return {
    ...leg,
    line: leg.kind === BetKind.moneyline ? '' : (quote?.point?.toString() ?? ''),
    price: quote?.price.toString() ?? '',
  };
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** A leg as the API takes it; the type of a spread follows its line (the domain's rule). */
export function legBody(leg: LegDraft): CreateParlayBody['legs'][number] {
  const line = numberOrNull(leg.line);
  const price = Number(leg.price);
  if (leg.kind === BetKind.totals) {
    return {
      event_id: leg.eventId,
      bet_kind: BetKind.totals,
      bet_type: leg.side === 'Under' ? BetType.under : BetType.over,
      line,
      price,
    };
  }
  if (leg.kind === BetKind.moneyline) {
    return { event_id: leg.eventId, bet_kind: BetKind.moneyline, bet_type: BetType.to_win, bet_team: leg.side, price };
  }
  return {
    event_id: leg.eventId,
    bet_kind: BetKind.spread,
    bet_type: betTypeOfLine(BetKind.spread, line) ?? BetType.underdog,
    bet_team: leg.side,
    line,
    price,
  };
}

/** The price and payout the ticket shows as it is typed: null where a price or the stake is not usable yet. */
export function parlayPreview(legs: readonly LegDraft[], stake: string, ticketPrice: string) {
  const typed = legs.map((leg) => typedPrice(leg.price)).filter((price) => price !== null);
  const prices = typed.length === legs.length ? typed : null;
  const ticket = typedPrice(ticketPrice);
  const price = ticket ?? (prices && prices.length > 0 ? parlayAmericanPrice(prices) : null);
  const stakeCents = dollarsToCents(Number(stake));
  const usableStake = stake.trim() !== '' && Number.isFinite(stakeCents) && stakeCents > 0;
  const payout = usableStake && prices ? parlayPayoutCents(stakeCents, prices, ticket) : null;
  return { price, payout, toWin: payout === null ? null : payout - stakeCents };
}

const FIELDS = ['legs', 'stake', 'is_simulated', 'ticket_price', 'book'];

/**
 * "Record a parlay": 2 to 10 games still to come (this week's and the coming week's, by day), a side, line and
 * price on each, a stake, real or simulated chosen outright, and the ticket's price: the legs' product, or
 * the ticket's own when typed. The payout updates as the stake is typed. `bare`: without its own frame and
 * heading, inside a dialog that names it.
 */
export function ParlayForm({ bare = false, onRecorded }: { bare?: boolean; onRecorded?: () => void } = {}) {
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const { current, next: coming } = useNextWeekEvents(sport);
  const [legs, setLegs] = useState<LegDraft[]>([]);
  const [stake, setStake] = useState('');
  const [ticketPrice, setTicketPrice] = useState('');
  // Starts from the member's last choice of real or simulated, as the bet slip does; empty until they first choose.
  const [remembered, remember] = useBetMoney();
  const [mode, setMode] = useState<'' | BetMoney>(remembered ?? '');
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const create = useCreateParlay();
  const idempotency = useIdempotencyKey();

  const games = useMemo(() => {
    const all = [...(current.data?.events ?? []), ...(coming.data?.events ?? [])].filter(isOpenGame);
    return [...new Map(all.map((event) => [event.event_id, event])).values()];
  }, [current.data, coming.data]);
  const byId = useMemo(() => new Map(games.map((event) => [event.event_id, event])), [games]);
  const problems = serverProblems(create.error, FIELDS);
  const preview = parlayPreview(legs, stake, ticketPrice);

  const toggle = (event: BookEvent, on: boolean) => {
    setRecorded(null);
    setLegs((now) => (on ? [...now, legForGame(event)] : now.filter((leg) => leg.eventId !== event.event_id)));
  };
  const changeLeg = (eventId: number, change: Partial<LegDraft>) => {
    setLegs((now) =>
      now.map((leg) => {
        if (leg.eventId !== eventId) return leg;
        const next = { ...leg, ...change };
        const event = byId.get(eventId);
        // A new market or side takes that quote's line and price; typed lines and prices are kept.
        if (event && (change.kind !== undefined || change.side !== undefined)) return withQuote(next, event);
        return next;
      }),
    );
  };

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setRecorded(null);
    const shape = parlayLegsProblem(legs);
    if (shape) return setLocalProblem(`Choose ${MIN_PARLAY_LEGS} to ${MAX_PARLAY_LEGS} games.`);
    if (legs.some((leg) => typedPrice(leg.price) === null))
      return setLocalProblem('Every leg needs a price such as -110 or 150.');
    if (mode === '') return setLocalProblem('Choose whether this parlay is real or simulated.');
    setLocalProblem(null);
    const body: CreateParlayBody = {
      legs: legs.map(legBody),
      stake: Number(stake),
      is_simulated: mode === 'simulated',
      ...(ticketPrice.trim() === '' ? {} : { ticket_price: Number(ticketPrice) }),
    };
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: ({ data }) => {
          idempotency.reset();
          remember(body.is_simulated ? 'simulated' : 'real');
          setRecorded(
            `Recorded: a ${data.legs.length}-leg parlay at ${americanPrice(data.price)}, ${dollars(data.stake_cents)} to pay ${dollars(data.payout_cents)}`,
          );
          setLegs([]);
          setStake('');
          setTicketPrice('');
          onRecorded?.();
        },
      },
    );
  };

  const loading = current.isPending || ((current.data?.next_week ?? null) !== null && coming.isPending);

  const form = (
    <Box component="form" onSubmit={submit} noValidate aria-label={bare ? 'Record a parlay' : undefined}>
      <Stack spacing={2}>
        <TextField
          select
          label="Sport"
          value={sport}
          onChange={(changeEvent) => {
            setSport(changeEvent.target.value as SportKey);
            setLegs([]);
          }}
          sx={{ maxWidth: 260 }}
        >
          {Object.entries(SPORT_WORDS).map(([key, words]) => (
            <MenuItem key={key} value={key}>
              {words}
            </MenuItem>
          ))}
        </TextField>
        {loading ? (
          <Loading label="Loading open games" />
        ) : games.length === 0 ? (
          <Typography>No games still to come this week or next.</Typography>
        ) : (
          <Box data-testid="parlay-games">
            <Typography variant="body2" color="text.secondary">
              Choose {MIN_PARLAY_LEGS} to {MAX_PARLAY_LEGS} games ({legs.length} chosen).
            </Typography>
            {groupByDay(games).map(([day, dayGames]) => (
              <Box key={day} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
                <Typography component="legend" variant="subtitle2">
                  {day}
                </Typography>
                {dayGames.map((event) => {
                  const leg = legs.find((candidate) => candidate.eventId === event.event_id);
                  return (
                    <Box key={event.event_id} data-parlay-game={event.event_id}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={leg !== undefined}
                            disabled={leg === undefined && legs.length >= MAX_PARLAY_LEGS}
                            onChange={(changeEvent) => toggle(event, changeEvent.target.checked)}
                          />
                        }
                        label={gameText(event)}
                      />
                      {leg && (
                        <LegFields leg={leg} event={event} onChange={(change) => changeLeg(event.event_id, change)} />
                      )}
                    </Box>
                  );
                })}
              </Box>
            ))}
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Stake ($)"
            value={stake}
            onChange={(changeEvent) => setStake(changeEvent.target.value)}
            inputMode="decimal"
            error={Boolean(problems.fields.stake)}
            helperText={problems.fields.stake}
          />
          <TextField
            label="Ticket price (optional)"
            value={ticketPrice}
            onChange={(changeEvent) => setTicketPrice(changeEvent.target.value)}
            error={Boolean(problems.fields.ticket_price)}
            helperText={problems.fields.ticket_price ?? 'Leave empty to price it from the legs'}
          />
        </Stack>
        <BetMoneyChoice
          value={mode === '' ? null : mode}
          onChange={setMode}
          error={Boolean(problems.fields.is_simulated)}
          helperText={problems.fields.is_simulated}
        />
        <Typography data-testid="parlay-preview">
          Price {americanPrice(preview.price)}
          {preview.payout !== null && ` · to win ${dollars(preview.toWin)} · pays ${dollars(preview.payout)}`}
        </Typography>
        {(localProblem ?? problems.fields.legs ?? problems.general) && (
          <Alert severity="error">{localProblem ?? problems.fields.legs ?? problems.general}</Alert>
        )}
        {recorded && <Alert severity="success">{recorded}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Save parlay
          </Button>
        </Box>
      </Stack>
    </Box>
  );
  if (bare) return form;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="parlay-form-title">
      <Typography variant="h6" component="h2" id="parlay-form-title" gutterBottom>
        Record a parlay
      </Typography>
      {form}
    </Paper>
  );
}

function LegFields({
  leg,
  event,
  onChange,
}: {
  leg: LegDraft;
  event: BookEvent;
  onChange: (change: Partial<LegDraft>) => void;
}) {
  const name = gameText(event);
  const sides = leg.kind === BetKind.totals ? ['Over', 'Under'] : [event.away_team, event.home_team];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ ml: 4, mb: 1 }}>
      <TextField
        select
        size="small"
        label={`Market, ${name}`}
        value={leg.kind}
        onChange={(changeEvent) => {
          const kind = Number(changeEvent.target.value) as Kind;
          onChange({
            kind,
            side: kind === BetKind.totals ? 'Over' : leg.kind === BetKind.totals ? event.home_team : leg.side,
          });
        }}
        sx={{ minWidth: 140 }}
      >
        {([BetKind.spread, BetKind.moneyline, BetKind.totals] as const).map((kind) => (
          <MenuItem key={kind} value={kind}>
            {kindLabel(kind, event.sport)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={`Side, ${name}`}
        value={leg.side}
        onChange={(changeEvent) => onChange({ side: changeEvent.target.value })}
        sx={{ minWidth: 120 }}
      >
        {sides.map((side) => (
          <MenuItem key={side} value={side}>
            {side}
          </MenuItem>
        ))}
      </TextField>
      {leg.kind !== BetKind.moneyline && (
        <TextField
          size="small"
          label={`Line, ${name}`}
          value={leg.line}
          onChange={(changeEvent) => onChange({ line: changeEvent.target.value })}
          sx={{ maxWidth: 140 }}
        />
      )}
      <TextField
        size="small"
        label={`Price, ${name}`}
        value={leg.price}
        onChange={(changeEvent) => onChange({ price: changeEvent.target.value })}
        sx={{ maxWidth: 140 }}
      />
    </Stack>
  );
}
