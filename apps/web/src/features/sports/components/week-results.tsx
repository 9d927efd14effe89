import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BookEvent, SportKey } from '@pass/contracts';
import { americanPriceText } from '@pass/domain';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { useBookHistory } from '../api/get-book-history';
import { useSeasonWeeks } from '../api/get-season-weeks';
import { hasDemoEvents } from '../lib/demo';
import { formatDay, statusText } from '../lib/format';
import { bookName, formatSpread } from '../lib/lines';
import { closingLineOf, easternToday, gameResult, latestPlayedWeek, type GameResult } from '../lib/results';
import { SPORT_INFO } from '../lib/sports';
import type { SportWords } from '../../../lib/sport-words';
import { QueryState } from './query-state';
import { StackedRows } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { WeekSelector } from './week-selector';

const LABEL = 'Finals against the closing line';

interface ResultRow {
  event: BookEvent;
  result: GameResult | null;
  moneyline: string;
  book: string | null;
}

function rowOf(event: BookEvent): ResultRow {
  const line = closingLineOf(event);
  const away = line?.moneyline.away;
  const home = line?.moneyline.home;
  return {
    event,
    result: gameResult(event, line),
    moneyline:
      away && home
        ? `${event.away_team} ${americanPriceText(away.price)} · ${event.home_team} ${americanPriceText(home.price)}`
        : '–',
    // The line of record names its source ("closing line from nflverse"); an older server's line, its book.
    book: event.line_of_record ? event.line_of_record.source.label : line ? bookName(line.book) : null,
  };
}

const spreadText = (result: GameResult | null) => {
  if (!result?.spread) return '–';
  return result.spread.team === null ? 'PK' : `${result.spread.team} ${formatSpread(result.spread.point)}`;
};
const coveredText = (result: GameResult | null) =>
  !result?.covered ? '–' : result.covered === 'push' ? 'Push' : result.covered;
const overUnderText = (result: GameResult | null) =>
  !result?.overUnder ? '–' : { over: 'Over', under: 'Under', push: 'Push' }[result.overUnder];
const finalText = (event: BookEvent) =>
  event.status === 'final' && event.event_scores.away !== null && event.event_scores.home !== null
    ? `${event.event_scores.away}–${event.event_scores.home}`
    : statusText(event);

function Matchup({ event, teamRoute }: { event: BookEvent; teamRoute: RouteName }) {
  const team = (abbv: string) => (
    <RouteLink to={teamRoute} params={{ team: abbv }} underline="hover" fallback={abbv}>
      {abbv}
    </RouteLink>
  );
  return (
    <>
      {team(event.away_team)} {event.neutral_site ? 'vs' : '@'} {team(event.home_team)}
    </>
  );
}

function ResultsTable({
  rows,
  words,
  teamRoute,
}: {
  rows: readonly ResultRow[];
  words: SportWords;
  teamRoute: RouteName;
}) {
  // Nine columns need a laptop's width: cards below it, two to a line on a tablet.
  const narrow = usePhoneLayout('md');
  if (narrow) {
    return (
      <StackedRows
        label={LABEL}
        minCardWidth="17rem"
        minFieldWidth="3.25rem"
        rows={rows.map(({ event, result, moneyline, book }) => ({
          key: event.event_id,
          title: (
            <>
              {formatDay(event.game_date)} · <Matchup event={event} teamRoute={teamRoute} />
            </>
          ),
          aside: finalText(event),
          fields: [
            { label: words.spread, value: spreadText(result) },
            { label: 'Covered', value: coveredText(result) },
            { label: 'Total', value: result?.total ?? '–' },
            { label: 'O/U', value: overUnderText(result) },
            { label: 'Moneyline', value: book ? `${moneyline} (${book})` : moneyline, wide: true },
          ],
        }))}
      />
    );
  }
  const headers = ['Date', 'Game', 'Final', words.spread, 'Covered', 'Total', 'O/U', 'Moneyline', 'Line from'];
  return (
    <TableContainer>
      <Table size="small" aria-label={LABEL} sx={{ '& th, & td': { px: { xs: 1, lg: 2 } } }}>
        <TableHead>
          <TableRow>
            {headers.map((label) => (
              <TableCell key={label} component="th" scope="col">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ event, result, moneyline, book }) => (
            <TableRow key={event.event_id} data-event={event.event_id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(event.game_date)}</TableCell>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <Matchup event={event} teamRoute={teamRoute} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {finalText(event)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{spreadText(result)}</TableCell>
              <TableCell>{coveredText(result)}</TableCell>
              <TableCell>{result?.total ?? '–'}</TableCell>
              <TableCell>{overUnderText(result)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{moneyline}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{book ?? '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

interface WeekResultsProps {
  sport: SportKey;
  season: number;
  teamRoute: RouteName;
  /** Today (YYYY-MM-DD, US Eastern), which decides the week shown first. */
  today?: string;
}

/**
 * A week's finals with their closing lines (the book history): who covered and whether the total went over,
 * the latest week played first.
 */
export function WeekResults({ sport, season, teamRoute, today = easternToday() }: WeekResultsProps) {
  const weeks = useSeasonWeeks(sport, season);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const week = chosen ?? latestPlayedWeek(weeks.data?.weeks ?? [], today);
  const history = useBookHistory(sport, { season, week }, { enabled: week !== undefined });
  const rows = (history.data?.events ?? []).map(rowOf);
  const { period, words } = SPORT_INFO[sport];
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <WeekSelector weeks={weeks.data?.weeks ?? []} value={week} onChange={setChosen} />
      </Box>
      <QueryState
        isPending={weeks.isPending || (week !== undefined && history.isPending)}
        error={weeks.error ?? history.error}
        loadingLabel="Loading the results…"
        what="the results"
        empty="No games are loaded for this season yet."
      />
      {history.data && rows.length === 0 ? (
        <Typography color="text.secondary">
          {period === 'Dates'
            ? 'No game of these dates has been played yet.'
            : 'No game of this week has been played yet.'}
        </Typography>
      ) : null}
      {rows.length > 0 ? <ResultsTable rows={rows} words={words} teamRoute={teamRoute} /> : null}
      {rows.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {hasDemoEvents(rows.map((row) => row.event)) ? 'Demo season: generated games and lines. ' : ''}
          Final is away–home. Each game is told against its line of record, the same on every screen: the source
          file&apos;s closing line where it has one, else the median of the books&apos; last quotes before kickoff (Line
          from names it).
        </Typography>
      ) : null}
    </>
  );
}
