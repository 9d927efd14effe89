import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { BookEvent, BookQuote } from '@pass/contracts';
import { americanPriceText } from '@pass/domain';
import { useState, type ReactNode } from 'react';
import {
  bestQuotes,
  bookName,
  booksOf,
  formatSpread,
  isStartedOrOver,
  lineOf,
  marketLabel,
  MARKETS,
  sideKey,
  type GameLine,
  type Market,
} from '../lib/lines';
import { matchupText } from '../lib/format';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { useOpenSlip } from '../../../lib/bet-slip';
import { visuallyHidden } from '../../../components/visually-hidden';

interface BookTableProps {
  event: BookEvent;
  /** Mark the best price per market and side. */
  highlightBest?: boolean;
}

/** One book's quote of one side: the point and the price, marked when it is the best there is. */
function QuoteCell({
  event,
  quote,
  label,
  best,
}: {
  event: BookEvent;
  quote: BookQuote | null;
  label?: string;
  best: ReadonlySet<string>;
}) {
  const openSlip = useOpenSlip();
  if (!quote)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        –
      </Box>
    );
  const isBest = best.has(`${quote.book}|${sideKey(quote.market, quote.outcome)}`);
  const point =
    quote.point === null ? '' : quote.market === 'spreads' ? formatSpread(quote.point) : String(quote.point);
  const text = [label, point].filter(Boolean).join(' ');
  // Where the screen offers the bet slip, a price of a game to come opens it (the consensus is no book).
  const tappable = openSlip !== null && quote.book !== 'consensus' && !isStartedOrOver(event, null);
  return (
    <Box
      component={tappable ? ButtonBase : 'span'}
      data-best={isBest ? 'true' : undefined}
      {...(tappable
        ? {
            onClick: () =>
              openSlip({
                event,
                book: quote.book,
                market: quote.market,
                outcome: quote.outcome,
                point: quote.point,
                price: quote.price,
              }),
            'aria-label': `Bet ${[label ?? quote.outcome, point].filter(Boolean).join(' ')} at ${americanPriceText(quote.price)}, ${bookName(quote.book)}${isBest ? ', best price' : ''}`,
          }
        : {})}
      sx={{
        font: 'inherit',
        display: 'inline-block',
        whiteSpace: 'nowrap',
        px: 0.5,
        borderRadius: 1,
        fontVariantNumeric: 'tabular-nums',
        ...(isBest ? { bgcolor: '#E3F4E4', color: '#1B5E20', fontWeight: 700, outline: '1px solid #81C784' } : {}),
      }}
    >
      {text ? `${text} ` : null}
      <Box component="span" sx={{ color: isBest ? 'inherit' : 'text.secondary' }}>
        ({americanPriceText(quote.price)})
      </Box>
      {isBest ? (
        <Box component="span" sx={visuallyHidden}>
          , best price
        </Box>
      ) : null}
    </Box>
  );
}

/** The two sides of a market in one book's line: away then home, or over then under. */
function sidesOf(line: GameLine, market: Market): [BookQuote | null, BookQuote | null] {
  if (market === 'h2h') return [line.moneyline.away, line.moneyline.home];
  if (market === 'spreads') return [line.spread.away, line.spread.home];
  return [line.total.over, line.total.under];
}

/** Every book's latest moneyline, spread and total for one game, the default book first. */
export function BookTable({ event, highlightBest = false }: BookTableProps) {
  const phone = usePhoneLayout();
  const books = booksOf(event);
  const best = highlightBest ? bestQuotes(event) : new Set<string>();
  if (books.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        No book has quoted this game yet.
      </Typography>
    );
  }
  if (phone) return <BookTableByMarket event={event} books={books} best={best} />;
  const stack = (top: ReactNode, bottom: ReactNode) => (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      {top}
      {bottom}
    </Box>
  );
  return (
    // Focusable: on a narrow column the table scrolls sideways, and a keyboard must reach it.
    <TableContainer
      sx={{ mt: 1.5, maxWidth: '100%' }}
      tabIndex={0}
      role="region"
      aria-label={`Odds by book: ${matchupText(event, event.away_team, event.home_team)}`}
    >
      <Table
        size="small"
        sx={{ '& th, & td': { px: { xs: 0.75, sm: 1.5 } } }}
        aria-label={`Every book's line: ${matchupText(event, event.away_team, event.home_team)}`}
      >
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Book
            </TableCell>
            <TableCell component="th" scope="col">
              Moneyline
            </TableCell>
            <TableCell component="th" scope="col">
              {marketLabel(event.sport, 'spreads')}
            </TableCell>
            <TableCell component="th" scope="col">
              Total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {books.map((book) => {
            const line = lineOf(event, book);
            const cell = (quote: BookQuote | null, label: string) => (
              <QuoteCell event={event} quote={quote} label={label} best={best} />
            );
            return (
              <TableRow key={book} data-book={book}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ fontWeight: 600, position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 }}
                >
                  {bookName(book)}
                </TableCell>
                <TableCell>
                  {stack(cell(line.moneyline.away, event.away_team), cell(line.moneyline.home, event.home_team))}
                </TableCell>
                <TableCell>
                  {stack(cell(line.spread.away, event.away_team), cell(line.spread.home, event.home_team))}
                </TableCell>
                <TableCell>{stack(cell(line.total.over, 'O'), cell(line.total.under, 'U'))}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The phone layout: one market at a time (a toggle), each book's two sides in two columns, so three narrow
 * columns fit a 360 px screen. Baseball is bet on the moneyline first, football on the spread.
 */
function BookTableByMarket({
  event,
  books,
  best,
}: {
  event: BookEvent;
  books: readonly string[];
  best: ReadonlySet<string>;
}) {
  const [market, setMarket] = useState<Market>(event.sport === 'baseball_mlb' ? 'h2h' : 'spreads');
  const columns = market === 'totals' ? ['Over', 'Under'] : [event.away_team, event.home_team];
  const matchup = matchupText(event, event.away_team, event.home_team);
  return (
    <Box sx={{ mt: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        value={market}
        onChange={(_event, value: Market | null) => value && setMarket(value)}
        aria-label={`Market: ${matchup}`}
      >
        {MARKETS.map((key) => (
          <ToggleButton key={key} value={key} sx={{ py: 0.25 }}>
            {marketLabel(event.sport, key)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Table
        size="small"
        sx={{ mt: 0.5, '& th, & td': { px: 0.75 } }}
        aria-label={`${marketLabel(event.sport, market)} by book: ${matchup}`}
      >
        <TableHead>
          <TableRow>
            {['Book', ...columns].map((label) => (
              <TableCell key={label} component="th" scope="col">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {books.map((book) => {
            const [first, second] = sidesOf(lineOf(event, book), market);
            return (
              <TableRow key={book} data-book={book}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {bookName(book)}
                </TableCell>
                <TableCell>
                  <QuoteCell event={event} quote={first} best={best} />
                </TableCell>
                <TableCell>
                  <QuoteCell event={event} quote={second} best={best} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
