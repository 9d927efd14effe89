import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BookEvent, BookQuote } from '@pass/contracts';
import type { ReactNode } from 'react';
import { bestQuotes, bookName, booksOf, formatPrice, formatSpread, lineOf, sideKey } from '../lib/lines';

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

interface BookTableProps {
  event: BookEvent;
  /** Mark the best price per market and side. */
  highlightBest?: boolean;
}

/** Every book's latest moneyline, spread and total for one game, the default book first. */
export function BookTable({ event, highlightBest = false }: BookTableProps) {
  const books = booksOf(event);
  const best = highlightBest ? bestQuotes(event) : new Set<string>();
  if (books.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        No book has quoted this game yet.
      </Typography>
    );
  }
  const cell = (quote: BookQuote | null, label: string) => {
    if (!quote)
      return (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          –
        </Box>
      );
    const isBest = best.has(`${quote.book}|${sideKey(quote.market, quote.outcome)}`);
    const point =
      quote.point === null ? '' : quote.market === 'spreads' ? ` ${formatSpread(quote.point)}` : ` ${quote.point}`;
    return (
      <Box
        component="span"
        data-best={isBest ? 'true' : undefined}
        sx={{
          display: 'inline-block',
          whiteSpace: 'nowrap',
          px: 0.5,
          borderRadius: 1,
          fontVariantNumeric: 'tabular-nums',
          ...(isBest ? { bgcolor: '#E3F4E4', color: '#1B5E20', fontWeight: 700, outline: '1px solid #81C784' } : {}),
        }}
      >
        {label}
        {point}{' '}
        <Box component="span" sx={{ color: isBest ? 'inherit' : 'text.secondary' }}>
          ({formatPrice(quote.price)})
        </Box>
        {isBest ? (
          <Box component="span" sx={visuallyHidden}>
            , best price
          </Box>
        ) : null}
      </Box>
    );
  };
  const stack = (top: ReactNode, bottom: ReactNode) => (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      {top}
      {bottom}
    </Box>
  );
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must reach it.
    <TableContainer
      sx={{ mt: 1.5, maxWidth: '100%' }}
      tabIndex={0}
      role="region"
      aria-label={`Odds by book: ${event.away_team} at ${event.home_team}`}
    >
      <Table
        size="small"
        sx={{ '& th, & td': { px: { xs: 0.75, sm: 1.5 } } }}
        aria-label={`Every book's line: ${event.away_team} at ${event.home_team}`}
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
              Spread
            </TableCell>
            <TableCell component="th" scope="col">
              Total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {books.map((book) => {
            const line = lineOf(event, book);
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
