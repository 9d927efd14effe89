import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BookEvent, BookQuote, OutsideDivision } from '@pass/contracts';
import { americanPriceText } from '@pass/domain';
import type { ReactNode } from 'react';
import { LiveGameStatus } from '../../../components/live-game-status';
import { RouteLink } from '../../../components/route-link';
import { useOpenSlip } from '../../../lib/bet-slip';
import type { RouteName } from '../../../config/paths';
import { OUTSIDE_LABEL, type NamedTeam } from '../api/get-teams';
import { formatKickoff, formatKickoffTime, localDay, matchupText, statusText } from '../lib/format';
import { bookName, formatSpread, isStartedOrOver, scheduleLine } from '../lib/lines';
import { gameResult, RECORD_LINE, recordLineOf } from '../lib/results';
import { SPORT_INFO, type SportWords } from '../lib/sports';
import { seriesText } from '../lib/weeks';

interface GameCardProps {
  event: BookEvent;
  teams: ReadonlyMap<string, NamedTeam>;
  /** Where a team name links; null for no links. A team outside the league (an FCS opponent) never links. */
  teamRoute: RouteName | null;
  /** Show the schedule line (the default book's, else the consensus). */
  showLine?: boolean;
  /** Extra content under the game (e.g. every book's line). */
  children?: ReactNode;
  /** The day heading the card sits under (YYYY-MM-DD): a kickoff on that day shows its time alone. */
  underDay?: string;
}

export function teamName(teams: ReadonlyMap<string, NamedTeam>, abbv: string): string {
  return teams.get(abbv)?.name ?? abbv;
}

/** The division of a team outside the league, beside its name: it has no team page, so its name is no link. */
export function OutsideMark({ division }: { division: OutsideDivision }) {
  return (
    <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em', fontWeight: 400 }}>
      ({OUTSIDE_LABEL[division]})
    </Box>
  );
}

/**
 * One game: the teams (away at home), the kickoff, the score while it is played (with where it stands, marked
 * LIVE) and once final with the result against its line of record, and the line. In the sport's own words:
 * baseball's card speaks of the run line.
 */
export function GameCard({ event, teams, teamRoute, showLine = true, children, underDay }: GameCardProps) {
  const final = event.status === 'final';
  const playing = event.status === 'in_progress';
  const { home, away } = event.event_scores;
  const winner = final && home !== null && away !== null ? (home > away ? 'home' : away > home ? 'away' : null) : null;
  // A game that has kicked off shows its line of record (the one its result is told against), named by source.
  const line = recordLineOf(event) ?? scheduleLine(event);
  const words = SPORT_INFO[event.sport].words;
  const row = (side: 'away' | 'home') => {
    const abbv = side === 'home' ? event.home_team : event.away_team;
    const score = side === 'home' ? home : away;
    const outside = teams.get(abbv)?.outside;
    return (
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography component="span" sx={{ width: '1.6em', color: 'text.secondary', flexShrink: 0 }} aria-hidden>
          {side === 'home' ? (event.neutral_site ? 'vs' : '@') : ''}
        </Typography>
        <Typography component="span" sx={{ fontWeight: winner === side ? 700 : 500, flexGrow: 1, minWidth: 0 }}>
          {outside ? (
            <>
              {teamName(teams, abbv)} <OutsideMark division={outside} />
            </>
          ) : teamRoute ? (
            <RouteLink to={teamRoute} params={{ team: abbv }} underline="hover" fallback={teamName(teams, abbv)}>
              {teamName(teams, abbv)}
            </RouteLink>
          ) : (
            teamName(teams, abbv)
          )}
        </Typography>
        {(final || playing) && score !== null ? (
          <Typography
            component="span"
            sx={{ fontWeight: winner === side ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}
          >
            {score}
          </Typography>
        ) : null}
      </Box>
    );
  };
  const matchup = matchupText(event, teamName(teams, event.away_team), teamName(teams, event.home_team));
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={matchup}
      data-event={event.event_id}
      // The schedule's "Next open game" moves the focus here.
      tabIndex={-1}
      sx={{
        p: { xs: 1.5, sm: 2 },
        minWidth: 0,
        scrollMarginTop: 80,
        '&:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {underDay !== undefined && event.kickoff && localDay(event.kickoff) === underDay
            ? formatKickoffTime(event.kickoff)
            : formatKickoff(event.kickoff, event.game_date)}
          {event.series && event.series.of > 1 ? (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {` · ${seriesText(event.series)}`}
            </Box>
          ) : null}
          {event.neutral_site ? ' · neutral site' : ''}
        </Typography>
        {playing && !event.result_missing ? (
          <LiveGameStatus event={event} />
        ) : event.status === 'scheduled' && !event.result_missing ? null : (
          <Chip
            size="small"
            label={statusText(event)}
            color={final ? 'default' : 'primary'}
            variant={final ? 'filled' : 'outlined'}
            sx={
              event.status === 'postponed' || event.status === 'cancelled' || event.result_missing
                ? { color: '#8A4500', borderColor: '#FB8C00' }
                : undefined
            }
          />
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        {row('away')}
        {row('home')}
      </Box>
      {final ? <ResultAgainstLine event={event} words={words} /> : null}
      {showLine ? (
        line ? (
          <LineSummary event={event} line={line} words={words} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            No line yet
          </Typography>
        )
      ) : null}
      {children}
    </Paper>
  );
}

/**
 * A price of the schedule line: where the screen offers the bet slip and the game is still to come, a button
 * that opens the slip on that quote; else its text.
 */
function SchedulePrice({ event, quote, children }: { event: BookEvent; quote: BookQuote | null; children: string }) {
  const openSlip = useOpenSlip();
  // The consensus is no book to bet at.
  if (!openSlip || !quote || quote.book === 'consensus' || isStartedOrOver(event, null)) return <>{children}</>;
  const side =
    quote.market === 'totals'
      ? `${quote.outcome} ${quote.point ?? ''}`.trim()
      : quote.market === 'h2h'
        ? quote.outcome
        : children;
  return (
    <ButtonBase
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
      aria-label={`Bet ${side} at ${americanPriceText(quote.price)}, ${bookName(quote.book)}`}
      sx={{
        font: 'inherit',
        color: 'primary.main',
        textDecoration: 'underline dotted',
        textUnderlineOffset: 3,
        borderRadius: 0.5,
        minHeight: 24,
        verticalAlign: 'baseline',
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {children}
    </ButtonBase>
  );
}

function LineSummary({
  event,
  line,
  words,
}: {
  event: BookEvent;
  line: NonNullable<ReturnType<typeof scheduleLine>>;
  words: SportWords;
}) {
  const item = (label: string, value: ReactNode) =>
    value === null ? null : (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}{' '}
        </Box>
        {value}
      </Box>
    );
  const spreadWords = spreadText(event, line.spread.home, line.spread.away);
  // The favourite's side, whose spread the summary names.
  const favourite =
    line.spread.home?.point != null && (line.spread.home.point < 0 || line.spread.away?.point == null)
      ? line.spread.home
      : line.spread.away;
  const spread =
    spreadWords === null ? null : (
      <SchedulePrice event={event} quote={favourite}>
        {spreadWords}
      </SchedulePrice>
    );
  const totalPoint = line.total.over?.point ?? line.total.under?.point ?? null;
  const total =
    totalPoint === null ? null : (
      <SchedulePrice event={event} quote={line.total.over}>
        {String(totalPoint)}
      </SchedulePrice>
    );
  const moneyline =
    line.moneyline.away && line.moneyline.home ? (
      <>
        <SchedulePrice event={event} quote={line.moneyline.away}>
          {`${event.away_team} ${americanPriceText(line.moneyline.away.price)}`}
        </SchedulePrice>
        {' / '}
        <SchedulePrice event={event} quote={line.moneyline.home}>
          {`${event.home_team} ${americanPriceText(line.moneyline.home.price)}`}
        </SchedulePrice>
      </>
    ) : null;
  return (
    <Box
      data-testid="game-line"
      sx={{
        mt: 1.5,
        pt: 1,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        typography: 'body2',
      }}
    >
      {item(words.spread, spread)}
      {item('Total', total)}
      {item('ML', moneyline)}
      <Box component="span" sx={{ color: 'text.secondary', ml: 'auto' }} data-testid="line-source">
        {line.book === RECORD_LINE && event.line_of_record ? event.line_of_record.source.label : bookName(line.book)}
      </Box>
    </Box>
  );
}

/**
 * A final against its line of record (decision 034), graded by the domain's rules: who covered the spread (the
 * run line) or push, and whether the total went over, under or push. Nothing without a line of record, and
 * nothing for a market the line of record lacks.
 */
function ResultAgainstLine({ event, words }: { event: BookEvent; words: SportWords }) {
  const result = event.line_of_record ? gameResult(event, recordLineOf(event)) : null;
  if (!result || (result.covered === null && result.overUnder === null)) return null;
  const part = (label: string, value: string) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}{' '}
      </Box>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {value}
      </Box>
    </Box>
  );
  return (
    <Box
      data-testid="game-result"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        mt: 0.75,
        pl: 'calc(1.6em + 8px)',
        typography: 'body2',
      }}
    >
      {result.covered === null
        ? null
        : part(words.spread, result.covered === 'push' ? 'Push' : `${result.covered} covered`)}
      {result.overUnder === null
        ? null
        : part('Total', { over: 'Over', under: 'Under', push: 'Push' }[result.overUnder])}
    </Box>
  );
}

/** The favourite's spread, e.g. "KC -3.5"; a pick'em shows "PK". */
function spreadText(event: BookEvent, home: BookQuote | null, away: BookQuote | null): string | null {
  if (home?.point == null && away?.point == null) return null;
  if (home?.point != null && (home.point < 0 || away?.point == null)) {
    return home.point === 0 ? 'PK' : `${event.home_team} ${formatSpread(home.point)}`;
  }
  if (away?.point != null) return away.point === 0 ? 'PK' : `${event.away_team} ${formatSpread(away.point)}`;
  return null;
}
