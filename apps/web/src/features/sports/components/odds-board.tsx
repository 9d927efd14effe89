import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { BookEvent, BookQuote, SportKey } from '@pass/contracts';
import { americanPriceText } from '@pass/domain';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useOpenSlip, type OpenSlip } from '../../../lib/bet-slip';
import { liveLabel } from '../../../lib/live-game';
import { segmentSx } from '../../../components/segment-style';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { formatKickoff, matchupText, statusText } from '../lib/format';
import { visuallyHidden } from '../../../components/visually-hidden';
import {
  bestQuotes,
  bookName,
  CONSENSUS_BOOK,
  formatSpread,
  isStartedOrOver,
  lineOf,
  marketLabel,
  orderBooks,
  sideKey,
  type Market,
} from '../lib/lines';

/** The markets in showing order: baseball is bet on the moneyline first, football on the spread. */
export function marketsFor(sport: SportKey): Market[] {
  return sport === 'baseball_mlb' ? ['h2h', 'spreads', 'totals'] : ['spreads', 'totals', 'h2h'];
}

interface OddsBoardProps {
  sport: SportKey;
  events: readonly BookEvent[];
  /** The server's time: a game whose kickoff has passed is folded away with the started ones. */
  now: Date | null;
  /** Under a game's name (compare books: its line history). */
  gameExtra?: (event: BookEvent) => ReactNode;
}

/**
 * A week's odds as one compact grid per market: games as rows, books as columns, the best price marked only
 * where one book beats every other. Games started or over fold away under a disclosure. On a phone one
 * market at a time, chosen with a segmented control. Where the screen offers a bet slip, every price of a
 * game still to come is a button that opens it.
 */
export function OddsBoard({ sport, events, now, gameExtra }: OddsBoardProps) {
  const phone = usePhoneLayout();
  const markets = marketsFor(sport);
  const [market, setMarket] = useState<Market>(markets[0]!);
  const [showStarted, setShowStarted] = useState(false);
  const foldId = useId();
  const openSlip = useOpenSlip();
  const open = events.filter((event) => !isStartedOrOver(event, now));
  const started = events.filter((event) => isStartedOrOver(event, now));
  const shown = phone ? [market] : markets;

  return (
    <Box>
      {phone ? (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={market}
          onChange={(_event, value: Market | null) => value && setMarket(value)}
          aria-label="Market"
          sx={{ mb: 1.5 }}
        >
          {markets.map((key) => (
            <ToggleButton key={key} value={key} sx={segmentSx}>
              {marketLabel(sport, key)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      {open.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Every game of this week has started or is over.
        </Typography>
      ) : (
        shown.map((key) => (
          <MarketGrid
            key={key}
            sport={sport}
            market={key}
            events={open}
            openSlip={openSlip}
            heading={!phone}
            gameExtra={gameExtra}
          />
        ))
      )}
      {started.length > 0 ? (
        <Box sx={{ mt: 2 }}>
          <Button
            variant="text"
            aria-expanded={showStarted}
            aria-controls={foldId}
            onClick={() => setShowStarted((value) => !value)}
            sx={{ minHeight: 44, px: 1 }}
          >
            <Box component="span" aria-hidden sx={{ mr: 1 }}>
              {showStarted ? '▾' : '▸'}
            </Box>
            {started.length} {started.length === 1 ? 'game' : 'games'} started or final
          </Button>
          <Box id={foldId} hidden={!showStarted}>
            {showStarted
              ? shown.map((key) => (
                  <MarketGrid
                    key={key}
                    sport={sport}
                    market={key}
                    events={started}
                    openSlip={null}
                    heading={!phone}
                    gameExtra={gameExtra}
                    caption="started or final"
                  />
                ))
              : null}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** The two sides of a market for a game: away then home, or over then under. */
function sidesOf(event: BookEvent, market: Market): [string, string] {
  return market === 'totals' ? ['Over', 'Under'] : [event.away_team, event.home_team];
}

function quoteText(quote: BookQuote): string {
  if (quote.market === 'h2h') return americanPriceText(quote.price);
  if (quote.point === null) return americanPriceText(quote.price);
  const point = quote.market === 'spreads' ? formatSpread(quote.point) : `${isOver(quote) ? 'o' : 'u'}${quote.point}`;
  return `${point} ${americanPriceText(quote.price)}`;
}

const isOver = (quote: BookQuote) => quote.outcome.toLowerCase() === 'over';

/** How a price reads aloud: "KC +3.5 at -110 at DraftKings". */
function spokenQuote(quote: BookQuote): string {
  const side = quote.market === 'totals' ? (isOver(quote) ? 'Over' : 'Under') : quote.outcome;
  const point =
    quote.point === null || quote.market === 'h2h'
      ? ''
      : ` ${quote.market === 'spreads' ? formatSpread(quote.point) : quote.point}`;
  return `${side}${point} at ${americanPriceText(quote.price)}, ${bookName(quote.book)}`;
}

function PriceCell({
  event,
  quote,
  best,
  openSlip,
}: {
  event: BookEvent;
  quote: BookQuote | null;
  best: boolean;
  openSlip: OpenSlip | null;
}) {
  if (!quote) {
    return (
      <Box component="span" sx={{ color: 'text.disabled', display: 'block', minHeight: 32, lineHeight: '32px' }}>
        –
      </Box>
    );
  }
  const look = {
    display: 'block',
    position: 'relative',
    boxSizing: 'border-box',
    width: '100%',
    minHeight: 32,
    lineHeight: '32px',
    px: 0.75,
    borderRadius: 1,
    whiteSpace: 'nowrap',
    textAlign: 'right',
    font: 'inherit',
    fontVariantNumeric: 'tabular-nums',
    ...(best ? { bgcolor: '#E3F4E4', color: '#1B5E20', fontWeight: 700, boxShadow: 'inset 0 0 0 1px #81C784' } : {}),
  } as const;
  const content = (
    <>
      {quoteText(quote)}
      {best ? (
        <Box component="span" sx={visuallyHidden}>
          , best price
        </Box>
      ) : null}
    </>
  );
  if (!openSlip) {
    return (
      <Box component="span" data-best={best ? 'true' : undefined} sx={look}>
        {content}
      </Box>
    );
  }
  return (
    // No ripple: a week's board holds hundreds of prices, and the focus ring shows which one is focused.
    <ButtonBase
      disableRipple
      data-best={best ? 'true' : undefined}
      aria-label={`Bet ${spokenQuote(quote)}${best ? ', best price' : ''}`}
      onClick={() =>
        openSlip({
          event,
          book: quote.book,
          market: quote.market,
          outcome: quote.outcome,
          point: quote.point,
          price: quote.price,
        })
      }
      sx={{
        ...look,
        justifyContent: 'flex-end',
        '&:hover': { bgcolor: best ? '#C8E6C9' : 'action.hover' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      {content}
    </ButtonBase>
  );
}

interface MarketGridProps {
  sport: SportKey;
  market: Market;
  events: readonly BookEvent[];
  openSlip: OpenSlip | null;
  /** Name the market above the grid (the wide layout shows every market at once). */
  heading: boolean;
  gameExtra?: ((event: BookEvent) => ReactNode) | undefined;
  caption?: string;
}

/** One market's grid: a row per game (its two sides stacked), a column per book. */
function MarketGrid({ sport, market, events, openSlip, heading, gameExtra, caption }: MarketGridProps) {
  const headingId = useId();
  const books = useMemo(
    () =>
      orderBooks(events.flatMap((event) => event.odds.map((quote) => quote.book))).filter(
        (book) => book !== CONSENSUS_BOOK,
      ),
    [events],
  );
  const best = useMemo(() => new Map(events.map((event) => [event.event_id, bestQuotes(event)])), [events]);
  const label = `${marketLabel(sport, market)} by book${caption ? `, ${caption}` : ''}`;
  return (
    <Box component="section" aria-labelledby={heading ? headingId : undefined} sx={{ mb: 3 }}>
      {heading ? (
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {marketLabel(sport, market)}
          {caption ? (
            <Typography component="span" color="text.secondary">
              {' '}
              · {caption}
            </Typography>
          ) : null}
        </Typography>
      ) : null}
      {books.length === 0 ? (
        <Typography color="text.secondary">No book has quoted these games yet.</Typography>
      ) : (
        // Focusable and labelled: a grid wider than the screen scrolls inside it, never the page.
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label={label}
          sx={{
            maxWidth: '100%',
            // The containing block of the visually hidden words in the cells: without it they would sit outside
            // the scrolling box and widen the page.
            position: 'relative',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <Table size="small" aria-label={label} sx={{ '& th, & td': { px: 0.75, py: 0.5 } }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={stickyColumn}>
                  Game
                </TableCell>
                {books.map((book) => (
                  <TableCell key={book} component="th" scope="col" align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {bookName(book)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {events.map((event) => {
                const [first, second] = sidesOf(event, market);
                const eventBest = best.get(event.event_id) ?? new Set<string>();
                return (
                  <TableRow key={event.event_id} data-event={event.event_id}>
                    <TableCell component="th" scope="row" sx={{ ...stickyColumn, verticalAlign: 'top' }}>
                      <GameName event={event} market={market} />
                      {gameExtra ? gameExtra(event) : null}
                    </TableCell>
                    {books.map((book) => {
                      const line = lineOf(event, book);
                      const [top, bottom] =
                        market === 'totals'
                          ? [line.total.over, line.total.under]
                          : market === 'spreads'
                            ? [line.spread.away, line.spread.home]
                            : [line.moneyline.away, line.moneyline.home];
                      const isBest = (quote: BookQuote | null, side: string) =>
                        quote !== null && eventBest.has(`${book}|${sideKey(market, side)}`);
                      return (
                        <TableCell key={book} data-book={book} align="right" sx={{ verticalAlign: 'top' }}>
                          <PriceCell event={event} quote={top} best={isBest(top, first)} openSlip={openSlip} />
                          <PriceCell event={event} quote={bottom} best={isBest(bottom, second)} openSlip={openSlip} />
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

const stickyColumn = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
  minWidth: 92,
} as const;

/** "Sun 6:00 PM": a week's board needs the day and the time, not the date. */
const shortKickoff = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** A game's row heading: its two sides stacked beside the prices, the kickoff (or the state) beside them. */
function GameName({ event, market }: { event: BookEvent; market: Market }) {
  // A game being played shows its score and where it stands, as the schedule's cards do.
  const scored = event.status === 'final' || event.status === 'in_progress';
  const { home, away } = event.event_scores;
  const when =
    event.status === 'scheduled' && !event.result_missing
      ? event.kickoff
        ? shortKickoff.format(new Date(event.kickoff))
        : formatKickoff(null, event.game_date)
      : event.status === 'in_progress' && event.live
        ? `LIVE · ${liveLabel(event.sport, event.live)}`
        : statusText(event);
  const at = event.neutral_site ? 'vs' : '@';
  const rows: [string, number | null][] =
    market === 'totals'
      ? [
          [`${event.away_team} ${at} ${event.home_team}`, null],
          ['', null],
        ]
      : [
          [event.away_team, away],
          [`${at} ${event.home_team}`, home],
        ];
  return (
    <Box>
      <Box component="span" sx={visuallyHidden}>
        {matchupText(event, event.away_team, event.home_team)}
        {market === 'totals' ? ', over then under' : ''}
      </Box>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'auto', sm: 'auto auto' },
          columnGap: 1.5,
          alignItems: 'center',
        }}
      >
        {rows.map(([text, score], index) => (
          <Box key={index} sx={{ display: 'contents' }}>
            <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap', minHeight: 32, lineHeight: '32px' }}>
              {text}
              {scored && score !== null ? ` ${score}` : ''}
            </Box>
            <Box
              component="span"
              sx={{
                display: { xs: 'none', sm: 'block' },
                typography: 'caption',
                color: 'text.secondary',
                whiteSpace: 'nowrap',
                textAlign: 'right',
              }}
            >
              {index === 0 ? when : ''}
            </Box>
          </Box>
        ))}
      </Box>
      {/* On a phone the game column stays narrow: the kickoff goes under the teams. */}
      <Box
        aria-hidden
        sx={{
          display: { xs: 'block', sm: 'none' },
          typography: 'caption',
          color: 'text.secondary',
          whiteSpace: 'nowrap',
        }}
      >
        {when}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        , {when}
      </Box>
    </Box>
  );
}
