import type { BookEvent, CreateBetBody } from '@pass/contracts';
import { BetKind, BetMode, type BetKindValue } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BetSlipContext, type PriceChoice } from '../../../lib/bet-slip';
import { bookName } from '../../../lib/books';
import { serverProblems } from '../../../lib/field-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { segmentSx } from '../../../components/segment-style';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { RouteLink } from '../../../components/route-link';
import { useCreateBet } from '../api/bets';
import { useBetMoney, type BetMoney } from '../lib/bet-mode';
import { BetMoneyChoice } from './bet-money-choice';
import { americanPrice, gameText, kindText, TYPE_WORDS } from '../../../lib/bet-format';
import { dollars } from '../../../lib/money';
import { latestQuote, MARKET_OF_KIND } from '../../../lib/book-quotes';
import { KIND_OF_MARKET, payoutOf, typeOfBet } from '../lib/slip';

interface BetSlipProps {
  /** The tapped price; null while the slip is closed. */
  choice: PriceChoice | null;
  onClose: () => void;
}

/**
 * The bet slip: a bottom sheet on a phone, a dialog elsewhere, opened from any price. It starts from the
 * tapped book, line and price; the member types a stake and sees what it wins, and says real or simulated.
 */
export function BetSlip({ choice, onClose }: BetSlipProps) {
  const phone = usePhoneLayout();
  const titleId = useId();
  const open = choice !== null;
  const body = choice ? (
    // Keyed by the price: a new tap starts a new slip.
    <SlipForm
      key={`${choice.event.event_id}|${choice.book}|${choice.market}|${choice.outcome}`}
      choice={choice}
      titleId={titleId}
      onClose={onClose}
    />
  ) : null;
  // One dialog at every width, laid out as a bottom sheet on a phone: turning a phone or resizing a window
  // changes its look, never its content, so a half-filled slip keeps what was typed.
  return (
    <Dialog
      open={open}
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

function lineText(kind: BetKindValue, line: number): string {
  if (kind === BetKind.spread) return line === 0 ? 'PK' : line > 0 ? `+${line}` : String(line);
  return String(line);
}

function SlipForm({ choice, titleId, onClose }: { choice: PriceChoice; titleId: string; onClose: () => void }) {
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
  const [recorded, setRecorded] = useState<string | null>(null);
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
    setRecorded(null);
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
          setRecorded(
            `Recorded: ${side}${kind === BetKind.moneyline || lineNumber === null ? '' : ` ${lineText(kind, lineNumber)}`} at ${americanPrice(entry.price)}, ${bookName(book)}, ${dollars(entry.stake_cents)} ${money === 'real' ? 'real' : 'simulated'}.`,
          );
        },
      },
    );
  };

  const sides = sidesOf(event, kind);
  const row = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography component="span" color="text.secondary">
        {label}
      </Typography>
      <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );

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
      <IconButton
        aria-label="Close the bet slip"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8, width: 44, height: 44, fontSize: 28, lineHeight: 1 }}
      >
        <span aria-hidden>×</span>
      </IconButton>
      {recorded ? (
        <Box>
          <Alert severity="success" sx={{ mb: 2 }}>
            {recorded}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <RouteLink to="user-bets">See My Bets</RouteLink>
            <Button variant="contained" onClick={onClose} sx={{ ml: 'auto' }}>
              Done
            </Button>
          </Box>
        </Box>
      ) : (
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
            {row('To win', preview ? dollars(preview.toWinCents) : '—')}
            {row('Payout', preview ? dollars(preview.payoutCents) : '—')}
          </Box>
          <BetMoneyChoice
            value={money}
            onChange={(value) => {
              setMoney(value);
              setMoneyMissing(false);
            }}
            error={(moneyMissing && money === null) || Boolean(problems.fields.is_simulated)}
            helperText={
              problems.fields.is_simulated ??
              (moneyMissing && money === null
                ? 'Choose real money or simulated.'
                : 'PA$$ never places a bet: this records one you placed, or plays one for practice.')
            }
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
        </Box>
      )}
    </Box>
  );
}

/**
 * Offers the bet slip to every price under it (lib/bet-slip.ts): app/ wraps the odds boards, compare books and
 * the schedules with it, and a tapped price opens the slip over the screen.
 */
export function BetSlipProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<PriceChoice | null>(null);
  return (
    <BetSlipContext.Provider value={setChoice}>
      {children}
      <BetSlip choice={choice} onClose={() => setChoice(null)} />
    </BetSlipContext.Provider>
  );
}
