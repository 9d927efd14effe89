import type { BookEvent, CreateBetBody, CreateParlayBody, ParlayLegBody } from '@pass/contracts';
import {
  BetKind,
  BetMode,
  dollarsToCents,
  isSameGameParlay,
  MAX_PARLAY_LEGS,
  parlayAmericanPrice,
  parlayPayoutCents,
  type BetKindValue,
} from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { visuallyHidden } from '../../../components/visually-hidden';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BetSlipContext, type OpenSlip, type PriceChoice } from '../../../lib/bet-slip';
import { bookName } from '../../../lib/books';
import { serverProblems } from '../../../lib/field-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { segmentSx } from '../../../components/segment-style';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { RouteLink } from '../../../components/route-link';
import { useCreateBet } from '../api/bets';
import { useCreateParlay } from '../api/parlays';
import { legKey, useSlipLegs } from '../lib/slip-legs';
import { useSessionUser } from '../../../lib/use-session-user';
import { useBetMoney, type BetMoney } from '../lib/bet-mode';
import { BetMoneyChoice } from './bet-money-choice';
import { americanPrice, gameText, kindText, lineOfKind, TYPE_WORDS } from '../../../lib/bet-format';
import { dollars } from '../../../lib/money';
import { latestQuote, MARKET_OF_KIND } from '../../../lib/book-quotes';
import { KIND_OF_MARKET, payoutOf, typedPrice, typeOfBet } from '../lib/slip';

interface BetSlipProps {
  /** Whether the slip is shown (it holds legs, or has just recorded them). */
  open: boolean;
  onClose: () => void;
  /** Told when the slip's legs were recorded, with what to say; the slip has been emptied by then. */
  onRecorded?: (message: string) => void;
  /** What was recorded, shown until the slip is closed. */
  recorded?: string | null;
  /** Something to say above the legs (a price that could not be added). */
  notice?: string | null;
}

/**
 * The bet slip: a bottom sheet on a phone, a dialog elsewhere. It holds the member's legs (`slip-legs.ts`): one
 * leg is a single bet, starting from the tapped book, line and price; two or more a parlay, priced from its legs
 * or the ticket's own price. The member types a stake, sees what it pays as legs are added, and says real or
 * simulated.
 */
export function BetSlip({ open, onClose, onRecorded, recorded = null, notice = null }: BetSlipProps) {
  const phone = usePhoneLayout();
  const titleId = useId();
  const slip = useSlipLegs();
  const { legs } = slip;
  const [first] = legs;
  let body: ReactNode = null;
  if (recorded !== null) {
    body = <RecordedView titleId={titleId} message={recorded} onClose={onClose} />;
  } else if (legs.length >= 2) {
    body = <ParlaySlipForm titleId={titleId} onClose={onClose} onRecorded={onRecorded} notice={notice} />;
  } else if (first) {
    body = (
      // Keyed by the price: a new tap starts a new slip.
      <SlipForm
        key={`${legKey(first)}|${first.book}|${first.outcome}|${first.point}|${first.price}`}
        choice={first}
        titleId={titleId}
        onClose={onClose}
        onKeep={(choice) => {
          slip.replace(0, choice);
          onClose();
        }}
        onClear={() => {
          slip.clear();
          onClose();
        }}
        onRecorded={(message) => {
          slip.clear();
          onRecorded?.(message);
        }}
        notice={notice}
      />
    );
  }
  // One dialog at every width, laid out as a bottom sheet on a phone: turning a phone or resizing a window
  // changes its look, never its content, so a half-filled slip keeps what was typed.
  return (
    <Dialog
      open={open && body !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      data-sheet={phone ? 'bottom' : undefined}
      sx={phone ? { '& .MuiDialog-container': { alignItems: 'flex-end' } } : undefined}
      slotProps={{
        paper: {
          sx: phone
            ? {
                m: 0,
                width: '100%',
                maxWidth: '100%',
                maxHeight: '92vh',
                borderRadius: 0,
                borderTopLeftRadius: 12,
                borderTopRightRadius: 12,
              }
            : undefined,
        },
      }}
    >
      {body}
    </Dialog>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <IconButton
      aria-label="Close the bet slip"
      onClick={onClose}
      sx={{ position: 'absolute', right: 8, top: 8, width: 44, height: 44, fontSize: 28, lineHeight: 1 }}
    >
      <span aria-hidden>×</span>
    </IconButton>
  );
}

/** After recording: what was recorded, a way to My Bets, and Done. */
function RecordedView({ titleId, message, onClose }: { titleId: string; message: string; onClose: () => void }) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, position: 'relative' }} data-testid="bet-slip">
      <Typography id={titleId} variant="h6" component="h2" sx={{ pr: 6, mb: 2 }}>
        Bet slip · recorded
      </Typography>
      <CloseButton onClose={onClose} />
      <Alert severity="success" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <RouteLink to="user-bets">See My Bets</RouteLink>
        <Button variant="contained" onClick={onClose} sx={{ ml: 'auto' }}>
          Done
        </Button>
      </Box>
    </Box>
  );
}

/** One figure of a slip (price, to win, payout): its label left, its value right. */
const slipFigure = (label: string, value: ReactNode) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
    <Typography component="span" color="text.secondary">
      {label}
    </Typography>
    <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Typography>
  </Box>
);

/** The slip's real-money-or-simulated choice, with the server's refusal or what recording means under it. */
function SlipMoneyChoice({
  money,
  missing,
  refusal,
  onChange,
}: {
  money: Parameters<typeof BetMoneyChoice>[0]['value'];
  /** Recording was asked for with no choice made. */
  missing: boolean;
  refusal: string | undefined;
  onChange: Parameters<typeof BetMoneyChoice>[0]['onChange'];
}) {
  return (
    <BetMoneyChoice
      value={money}
      onChange={onChange}
      error={(missing && money === null) || Boolean(refusal)}
      helperText={
        refusal ??
        (missing && money === null
          ? 'Choose real money or simulated.'
          : 'PA$$ never places a bet: this records one you placed, or plays one for practice.')
      }
    />
  );
}

/** Said of an entry logged after its (first) game started (docs/decisions/082-parlay-slip). */
const AFTER_START = ' Logged after the game started: it counts in your record, not in your closing line value.';

const sidesOf = (event: BookEvent, kind: BetKindValue) =>
  kind === BetKind.totals ? ['Over', 'Under'] : [event.away_team, event.home_team];

/** The books quoting a side of a market, in name order with the tapped one kept. */
function booksQuoting(event: BookEvent, kind: BetKindValue, side: string, keep: string): string[] {
  const books = new Set(
    event.odds
      .filter(
        (quote) =>
          quote.book !== 'consensus' &&
          quote.market === MARKET_OF_KIND[kind] &&
          quote.outcome.toLowerCase() === side.toLowerCase(),
      )
      .map((quote) => quote.book),
  );
  books.add(keep);
  return [...books].sort((a, b) => bookName(a).localeCompare(bookName(b)));
}

const FIELDS = ['event_id', 'bet_type', 'bet_team', 'line', 'price', 'stake', 'book', 'is_simulated'];

interface SlipFormProps {
  choice: PriceChoice;
  titleId: string;
  onClose: () => void;
  /** Keeps the leg as changed here and closes the slip, so the member can tap more prices (a parlay). */
  onKeep: (choice: PriceChoice) => void;
  onClear: () => void;
  onRecorded: (message: string) => void;
  notice: string | null;
}

function SlipForm({ choice, titleId, onClose, onKeep, onClear, onRecorded, notice }: SlipFormProps) {
  const { event } = choice;
  const kind = KIND_OF_MARKET[choice.market];
  const [side, setSide] = useState(
    kind === BetKind.totals ? (/^under$/i.test(choice.outcome) ? 'Under' : 'Over') : choice.outcome,
  );
  const [book, setBook] = useState(choice.book);
  const [line, setLine] = useState(choice.point === null ? '' : String(choice.point));
  const [price, setPrice] = useState(String(choice.price));
  const [stake, setStake] = useState('');
  const [remembered, remember] = useBetMoney();
  const [money, setMoney] = useState<BetMoney | null>(remembered);
  const [moneyMissing, setMoneyMissing] = useState(false);
  const create = useCreateBet();
  const idempotency = useIdempotencyKey();
  const problems = serverProblems(create.error, FIELDS);

  const lineNumber = line.trim() === '' ? null : Number(line);
  const type = typeOfBet(kind, side, lineNumber);
  const preview = payoutOf(stake, price);
  const books = booksQuoting(event, kind, side, book);

  /** The chosen book's latest quote of the chosen side, when the feed has one. */
  const requote = (nextBook: string, nextSide: string) => {
    const quote = latestQuote(event, nextBook, kind, nextSide);
    if (!quote) return;
    setLine(quote.point === null ? '' : String(quote.point));
    setPrice(String(quote.price));
  };

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (money === null) {
      setMoneyMissing(true);
      return;
    }
    const stakeNumber = stake.trim() === '' ? null : Number(stake);
    const priceNumber = price.trim() === '' ? null : Number(price);
    const bet: CreateBetBody = {
      event_id: event.event_id,
      bet_mode: BetMode.bet_on,
      bet_kind: kind,
      bet_type: type,
      bet_team: kind === BetKind.totals ? null : side,
      line: kind === BetKind.moneyline ? null : lineNumber,
      price: priceNumber,
      stake: stakeNumber,
      book,
      is_simulated: money === 'simulated',
    };
    create.mutate(
      { body: bet, idempotencyKey: idempotency.keyFor(bet) },
      {
        onSuccess: (response) => {
          idempotency.reset();
          remember(money);
          const entry = response.data;
          onRecorded(
            `Recorded: ${side}${kind === BetKind.moneyline || lineNumber === null ? '' : ` ${lineOfKind(kind, lineNumber)}`} at ${americanPrice(entry.price)}, ${bookName(book)}, ${dollars(entry.stake_cents)} ${money === 'real' ? 'real' : 'simulated'}.${entry.recorded_after_start ? AFTER_START : ''}`,
          );
        },
      },
    );
  };

  const sides = sidesOf(event, kind);
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, position: 'relative' }} data-testid="bet-slip">
      <Typography id={titleId} variant="h6" component="h2" sx={{ pr: 6 }}>
        Bet slip · {gameText(event)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {kindText(kind, event.sport)} · {TYPE_WORDS[type]}
        {kind === BetKind.spread && lineNumber !== null && !Number.isNaN(lineNumber)
          ? lineNumber < 0
            ? ` (${side} gives ${-lineNumber})`
            : lineNumber > 0
              ? ` (${side} gets ${lineNumber})`
              : ' (pick’em)'
          : ''}
      </Typography>
      <CloseButton onClose={onClose} />
      {notice ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }}>
        <FormControl>
          <FormLabel id={`${titleId}-side`} sx={{ mb: 0.5 }}>
            Side
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={side}
            aria-labelledby={`${titleId}-side`}
            onChange={(_event, value: string | null) => {
              if (!value) return;
              setSide(value);
              requote(book, value);
            }}
          >
            {sides.map((value) => (
              <ToggleButton key={value} value={value} sx={segmentSx}>
                {value}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
        <TextField
          select
          label="Book"
          value={book}
          onChange={(changeEvent) => {
            setBook(changeEvent.target.value);
            requote(changeEvent.target.value, side);
          }}
          error={Boolean(problems.fields.book)}
          helperText={problems.fields.book}
        >
          {books.map((key) => (
            <MenuItem key={key} value={key}>
              {bookName(key)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: kind === BetKind.moneyline ? '1fr' : '1fr 1fr' }}>
          {kind !== BetKind.moneyline ? (
            <TextField
              label={kind === BetKind.spread ? kindText(BetKind.spread, event.sport) : 'Total'}
              inputMode="decimal"
              value={line}
              onChange={(changeEvent) => setLine(changeEvent.target.value)}
              error={Boolean(problems.fields.line)}
              helperText={problems.fields.line ?? (kind === BetKind.spread ? `From ${side}'s side` : undefined)}
            />
          ) : null}
          <TextField
            label="Price"
            inputMode="numeric"
            value={price}
            onChange={(changeEvent) => setPrice(changeEvent.target.value)}
            error={Boolean(problems.fields.price)}
            helperText={problems.fields.price ?? 'American odds'}
          />
        </Box>
        <TextField
          label="Stake ($)"
          inputMode="decimal"
          value={stake}
          autoFocus
          onChange={(changeEvent) => setStake(changeEvent.target.value)}
          error={Boolean(problems.fields.stake)}
          helperText={problems.fields.stake}
        />
        <Box
          aria-live="polite"
          data-testid="slip-preview"
          sx={{ display: 'grid', gap: 0.5, p: 1.5, bgcolor: 'grey.50', borderRadius: 1 }}
        >
          {slipFigure('To win', preview ? dollars(preview.toWinCents) : '—')}
          {slipFigure('Payout', preview ? dollars(preview.payoutCents) : '—')}
        </Box>
        <SlipMoneyChoice
          money={money}
          missing={moneyMissing}
          refusal={problems.fields.is_simulated}
          onChange={(value) => {
            setMoney(value);
            setMoneyMissing(false);
          }}
        />
        {problems.general ? <Alert severity="error">{problems.general}</Alert> : null}
        {problems.fields.event_id || problems.fields.bet_type || problems.fields.bet_team ? (
          <Alert severity="error">
            {problems.fields.event_id ?? problems.fields.bet_type ?? problems.fields.bet_team}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
          {create.isPending ? 'Recording…' : 'Record bet'}
        </Button>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Button
            onClick={() => {
              const point =
                kind === BetKind.moneyline || lineNumber === null || Number.isNaN(lineNumber) ? null : lineNumber;
              const typed = typedPrice(price);
              onKeep({ ...choice, book, outcome: side, point, price: typed ?? choice.price });
            }}
          >
            Add a leg (parlay)
          </Button>
          <Button color="inherit" onClick={onClear}>
            Clear slip
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Add a leg keeps this one on the slip: tap another price (odds, compare books, schedules, team pages) to make a
          parlay.
        </Typography>
      </Box>
    </Box>
  );
}

/** The legs of a parlay as the API takes them, from the prices on the slip. */
export function parlayLegsOf(legs: readonly PriceChoice[]): ParlayLegBody[] {
  return legs.map((leg) => {
    const kind = KIND_OF_MARKET[leg.market];
    const side = kind === BetKind.totals ? (/^under$/i.test(leg.outcome) ? 'Under' : 'Over') : leg.outcome;
    return {
      event_id: leg.event.event_id,
      bet_kind: kind,
      bet_type: typeOfBet(kind, side, leg.point),
      bet_team: kind === BetKind.totals ? null : side,
      line: kind === BetKind.moneyline ? null : leg.point,
      price: leg.price,
    };
  });
}

/** A leg in words: "KC −3.5 −110", "Over 44.5 −110", "BUF to win +145". */
function legWords(leg: PriceChoice): string {
  const kind = KIND_OF_MARKET[leg.market];
  const price = americanPrice(leg.price);
  if (kind === BetKind.moneyline) return `${leg.outcome} to win ${price}`;
  if (kind === BetKind.totals) return `${/^under$/i.test(leg.outcome) ? 'Under' : 'Over'} ${leg.point ?? ''} ${price}`;
  return `${leg.outcome} ${leg.point === null ? '' : lineOfKind(BetKind.spread, leg.point)} ${price}`;
}

const SPORT_SHORT: Record<string, string> = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'College',
  baseball_mlb: 'MLB',
};

const PARLAY_FIELDS = ['legs', 'stake', 'ticket_price', 'book', 'is_simulated'];
const LEG_FIELDS = ['event_id', 'bet_kind', 'bet_type', 'bet_team', 'line', 'price'];

/** The slip holding two or more legs: one parlay ticket, its payout following the legs as they are added. */
function ParlaySlipForm({
  titleId,
  onClose,
  onRecorded,
  notice,
}: {
  titleId: string;
  onClose: () => void;
  onRecorded: ((message: string) => void) | undefined;
  notice: string | null;
}) {
  const slip = useSlipLegs();
  const { legs } = slip;
  const books = [...new Set(legs.map((leg) => leg.book))];
  const [chosenBook, setBook] = useState(legs[0]!.book);
  const book = books.includes(chosenBook) ? chosenBook : legs[0]!.book;
  const [ticket, setTicket] = useState('');
  const [stake, setStake] = useState('');
  const [remembered, remember] = useBetMoney();
  const [money, setMoney] = useState<BetMoney | null>(remembered);
  const [moneyMissing, setMoneyMissing] = useState(false);
  const create = useCreateParlay();
  const idempotency = useIdempotencyKey();
  const fields = [...PARLAY_FIELDS, ...legs.flatMap((_, index) => LEG_FIELDS.map((field) => `legs.${index}.${field}`))];
  const problems = serverProblems(create.error, fields);
  const sameGame = isSameGameParlay(legs.map((leg) => ({ eventId: leg.event.event_id })));
  const prices = legs.map((leg) => leg.price);
  const ticketPrice = typedPrice(ticket);
  const price = ticketPrice ?? parlayAmericanPrice(prices);
  const stakeNumber = Number(stake);
  const stakeCents =
    stake.trim() !== '' && Number.isFinite(stakeNumber) && stakeNumber > 0 ? dollarsToCents(stakeNumber) : null;
  const payout =
    stakeCents === null || (sameGame && ticketPrice === null)
      ? null
      : parlayPayoutCents(stakeCents, prices, ticketPrice);
  const sports = new Set(legs.map((leg) => leg.event.sport));

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (money === null) {
      setMoneyMissing(true);
      return;
    }
    const body: CreateParlayBody = {
      legs: parlayLegsOf(legs),
      stake: stake.trim() === '' ? Number.NaN : stakeNumber,
      is_simulated: money === 'simulated',
      ticket_price: ticket.trim() === '' ? null : Number(ticket),
      book,
    };
    create.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (response) => {
          idempotency.reset();
          remember(money);
          const entry = response.data;
          slip.clear();
          onRecorded?.(
            `Recorded: ${entry.legs.length}-leg ${entry.same_game ? 'same-game ' : ''}parlay at ${americanPrice(entry.price)}, ${bookName(book)}, ${dollars(entry.stake_cents)} ${money === 'real' ? 'real' : 'simulated'}.${entry.recorded_after_start ? AFTER_START : ''}`,
          );
        },
      },
    );
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, position: 'relative' }} data-testid="bet-slip">
      <Typography id={titleId} variant="h6" component="h2" sx={{ pr: 6 }}>
        Bet slip · {sameGame ? 'Same-game parlay' : 'Parlay'}, {legs.length} legs
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {sameGame
          ? 'Legs on one game are priced together by the book: give the ticket’s price.'
          : 'Priced from its legs, unless you give the ticket’s own price.'}
      </Typography>
      <CloseButton onClose={onClose} />
      {notice ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <Box component="ol" aria-label="Legs" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}>
        {legs.map((leg, index) => {
          const legProblem = LEG_FIELDS.map((field) => problems.fields[`legs.${index}.${field}`]).find(Boolean);
          const words = legWords(leg);
          return (
            <Box
              component="li"
              key={`${legKey(leg)}|${index}`}
              data-leg={leg.event.event_id}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, borderBottom: 1, borderColor: 'divider', pb: 1 }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{words}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {sports.size > 1 ? `${SPORT_SHORT[leg.event.sport] ?? leg.event.sport} · ` : ''}
                  {gameText(leg.event)} · {bookName(leg.book)}
                </Typography>
                {legProblem ? (
                  <Typography variant="body2" color="error" role="alert">
                    {legProblem}
                  </Typography>
                ) : null}
              </Box>
              <IconButton
                size="small"
                aria-label={`Remove ${words} (${gameText(leg.event)})`}
                onClick={() => slip.remove(index)}
                sx={{ width: 44, height: 44 }}
              >
                <span aria-hidden>×</span>
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId} sx={{ display: 'grid', gap: 2 }}>
        <TextField
          select
          label="Book"
          value={book}
          onChange={(changeEvent) => setBook(changeEvent.target.value)}
          error={Boolean(problems.fields.book)}
          helperText={problems.fields.book ?? 'Where the ticket was placed'}
        >
          {books.map((key) => (
            <MenuItem key={key} value={key}>
              {bookName(key)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            label="Ticket price"
            inputMode="numeric"
            value={ticket}
            required={sameGame}
            onChange={(changeEvent) => setTicket(changeEvent.target.value)}
            error={Boolean(problems.fields.ticket_price)}
            helperText={
              problems.fields.ticket_price ?? (sameGame ? 'Required: the book’s price' : 'Optional: a boost, say')
            }
          />
          <TextField
            label="Stake ($)"
            inputMode="decimal"
            value={stake}
            onChange={(changeEvent) => setStake(changeEvent.target.value)}
            error={Boolean(problems.fields.stake)}
            helperText={problems.fields.stake}
          />
        </Box>
        <Box
          aria-live="polite"
          data-testid="slip-preview"
          sx={{ display: 'grid', gap: 0.5, p: 1.5, bgcolor: 'grey.50', borderRadius: 1 }}
        >
          {slipFigure('Price', sameGame && ticketPrice === null ? '—' : americanPrice(price))}
          {slipFigure('To win', payout === null || stakeCents === null ? '—' : dollars(payout - stakeCents))}
          {slipFigure('Payout', payout === null ? '—' : dollars(payout))}
        </Box>
        <SlipMoneyChoice
          money={money}
          missing={moneyMissing}
          refusal={problems.fields.is_simulated}
          onChange={(value) => {
            setMoney(value);
            setMoneyMissing(false);
          }}
        />
        {problems.fields.legs ? <Alert severity="error">{problems.fields.legs}</Alert> : null}
        {problems.general ? <Alert severity="error">{problems.general}</Alert> : null}
        <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
          {create.isPending ? 'Recording…' : 'Record parlay'}
        </Button>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Button onClick={onClose}>Add a leg</Button>
          <Button
            color="inherit"
            onClick={() => {
              slip.clear();
              onClose();
            }}
          >
            Clear slip
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/** The slip folded to a bar at the foot of the screen while it holds legs and is closed. */
function SlipBar({ onOpen, announcement }: { onOpen: () => void; announcement: string }) {
  const { legs, clear } = useSlipLegs();
  const phone = usePhoneLayout();
  if (legs.length === 0) return null;
  const sameGame = isSameGameParlay(legs.map((leg) => ({ eventId: leg.event.event_id })));
  const summary =
    legs.length === 1
      ? `1 leg · ${legWords(legs[0]!)}`
      : `${legs.length} legs · ${sameGame ? 'Same-game parlay' : `Parlay ${americanPrice(parlayAmericanPrice(legs.map((leg) => leg.price)))}`}`;
  return (
    <>
      {/* Room at the foot of the page, so the bar never hides its last lines. */}
      <Box aria-hidden sx={{ height: 72 }} />
      <Paper
        component="aside"
        aria-label="Bet slip"
        elevation={8}
        data-testid="slip-bar"
        sx={{
          position: 'fixed',
          bottom: phone ? 0 : 16,
          right: phone ? 0 : 16,
          left: phone ? 0 : 'auto',
          width: phone ? 'auto' : 400,
          zIndex: 1200,
          p: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          borderRadius: phone ? 0 : 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>Bet slip</Typography>
          <Typography variant="body2" noWrap data-testid="slip-summary">
            {summary}
          </Typography>
        </Box>
        <Button color="inherit" onClick={clear}>
          Clear
        </Button>
        <Button variant="contained" onClick={onOpen}>
          Open slip
        </Button>
        <Box component="span" aria-live="polite" sx={visuallyHidden}>
          {announcement}
        </Box>
      </Paper>
    </>
  );
}

/**
 * Offers the bet slip to every price under it (lib/bet-slip.ts): app/ wraps the odds boards, compare books,
 * schedules and team pages with it. The first tapped price opens the slip on it; while the slip holds legs,
 * another price adds a leg and the bar at the foot of the screen follows (docs/decisions/082-parlay-slip). The
 * legs are the member's, kept on the device, so the next screen with prices shows the same slip.
 */
export function BetSlipProvider({ children }: { children: ReactNode }) {
  const member = useSessionUser();
  const slip = useSlipLegs();
  const [open, setOpen] = useState(false);
  const [recorded, setRecorded] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const openSlip: OpenSlip = (choice, options = {}) => {
    const empty = slip.legs.length === 0;
    const result = slip.add(choice);
    setRecorded(null);
    if (result === 'full') {
      setNotice(`A parlay has at most ${MAX_PARLAY_LEGS} legs: remove one to add another.`);
      setOpen(true);
      return;
    }
    setNotice(null);
    const count = empty ? 1 : slip.legs.length + (result === 'added' ? 1 : 0);
    setAnnouncement(
      `${legWords(choice)} ${result === 'replaced' ? 'replaces its market on' : 'added to'} the slip: ${count} ${count === 1 ? 'leg' : 'legs'}.`,
    );
    if (empty || options.open) setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setRecorded(null);
    setNotice(null);
  };
  // A visitor records nothing: the prices stay text.
  return (
    <BetSlipContext.Provider value={member === null ? null : openSlip}>
      {children}
      {open ? null : <SlipBar onOpen={() => setOpen(true)} announcement={announcement} />}
      <BetSlip open={open} onClose={close} onRecorded={setRecorded} recorded={recorded} notice={notice} />
    </BetSlipContext.Provider>
  );
}
