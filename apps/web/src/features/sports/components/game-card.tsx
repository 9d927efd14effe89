import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BookEvent, BookQuote, OutsideDivision } from '@pass/contracts';
import type { ReactNode } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { OUTSIDE_LABEL, type NamedTeam } from '../api/get-teams';
import { formatKickoff, matchupText, statusText } from '../lib/format';
import { bookName, formatPrice, formatSpread, scheduleLine } from '../lib/lines';
import { RECORD_LINE, recordLineOf } from '../lib/results';
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

/** One game: the teams (away at home), the kickoff, the score once final and the line. */
export function GameCard({ event, teams, teamRoute, showLine = true, children }: GameCardProps) {
  const final = event.status === 'final';
  const { home, away } = event.event_scores;
  const winner = final && home !== null && away !== null ? (home > away ? 'home' : away > home ? 'away' : null) : null;
  // A game that has kicked off shows its line of record (the one its result is told against), named by source.
  const line = recordLineOf(event) ?? scheduleLine(event);
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
        {final && score !== null ? (
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
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {formatKickoff(event.kickoff, event.game_date)}
          {event.series && event.series.of > 1 ? ` · ${seriesText(event.series)}` : null}
          {event.neutral_site ? ' · neutral site' : ''}
        </Typography>
        {event.status === 'scheduled' && !event.result_missing ? null : (
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
      {showLine ? (
        line ? (
          <LineSummary event={event} line={line} />
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

function LineSummary({ event, line }: { event: BookEvent; line: NonNullable<ReturnType<typeof scheduleLine>> }) {
  const item = (label: string, value: string | null) =>
    value === null ? null : (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}{' '}
        </Box>
        {value}
      </Box>
    );
  const spread = spreadText(event, line.spread.home, line.spread.away);
  const total = line.total.over?.point ?? line.total.under?.point ?? null;
  const moneyline =
    line.moneyline.away && line.moneyline.home
      ? `${event.away_team} ${formatPrice(line.moneyline.away.price)} / ${event.home_team} ${formatPrice(line.moneyline.home.price)}`
      : null;
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
      {item('Spread', spread)}
      {item('Total', total === null ? null : String(total))}
      {item('ML', moneyline)}
      <Box component="span" sx={{ color: 'text.secondary', ml: 'auto' }} data-testid="line-source">
        {line.book === RECORD_LINE && event.line_of_record ? event.line_of_record.source.label : bookName(line.book)}
      </Box>
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
