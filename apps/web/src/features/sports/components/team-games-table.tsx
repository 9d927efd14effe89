import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AlmanacGame, SportKey } from '@pass/contracts';
import { americanPriceText } from '@pass/domain';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { formatDay, formatKickoff, venuePrefix } from '../lib/format';
import { OutsideMark } from './game-card';
import { formatSpread } from '../lib/lines';
import { gameWeekText } from '../lib/weeks';
import { StackedRows } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { SPORT_INFO } from '../lib/sports';

const RESULT_COLOR = { W: 'success.dark', L: 'error.main', T: 'text.primary', P: 'text.primary' } as const;

/**
 * A small grey note on a game: "demo" beside its week, "neutral site" under its opponent. Under, not beside:
 * text around a link would make it a link in running text, which must then be told apart without colour.
 */
function Note({ children, below = false }: { children: string; below?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        ...(below ? { display: 'block' } : { ml: 0.75 }),
        color: 'text.secondary',
        fontSize: '0.75rem',
        // Line height 1: a note beside the text must not make its row taller than the others.
        lineHeight: below ? 1.2 : 1,
      }}
    >
      {children}
    </Box>
  );
}

/** The opponent: a link to its page, or for a team outside the league (an FCS team, no page) its name and division. */
function Opponent({ game, teamRoute }: { game: AlmanacGame; teamRoute: RouteName }) {
  return (
    <>
      {venuePrefix(game)}{' '}
      {game.opponent_outside ? (
        <>
          {game.opponent_name} <OutsideMark division={game.opponent_outside} />
        </>
      ) : (
        <RouteLink to={teamRoute} params={{ team: game.opponent }} underline="hover" fallback={game.opponent}>
          {game.opponent}
        </RouteLink>
      )}
      {game.neutral_site ? <Note below>neutral site</Note> : null}
    </>
  );
}

function Result({ game }: { game: AlmanacGame }) {
  return (
    <>
      <Box component="span" sx={{ fontWeight: 700, color: RESULT_COLOR[game.straight_up] }}>
        {game.straight_up}
      </Box>{' '}
      {game.score_for}–{game.score_against}
    </>
  );
}

/**
 * The week as the column shows it (7, Bowl, SB), its full name and the kickoff on hover; a baseball game (or one
 * without a week) by its date.
 */
function WeekCell({ sport, game }: { sport: SportKey; game: AlmanacGame }) {
  const kickoff = formatKickoff(game.kickoff, game.game_date);
  if (SPORT_INFO[sport].period === 'Dates' || game.week === null) {
    return (
      <abbr title={kickoff} style={{ textDecoration: 'none' }}>
        {formatDay(game.game_date)}
      </abbr>
    );
  }
  const week = gameWeekText(sport, game);
  return (
    <abbr
      title={week.long === game.game_date ? kickoff : `${week.long} · ${kickoff}`}
      style={{ textDecoration: 'none' }}
    >
      {week.short}
    </abbr>
  );
}

const LABEL = 'Games with results and closing lines';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "April 2026": the month a game's date falls in, a baseball team's games being grouped by month. */
export const monthOf = (gameDate: string) => monthFormat.format(new Date(`${gameDate}T12:00:00Z`));

/** Games in runs of the same month, in their order. */
function byMonth(games: readonly AlmanacGame[]): { month: string; games: AlmanacGame[] }[] {
  const months: { month: string; games: AlmanacGame[] }[] = [];
  for (const game of games) {
    const month = monthOf(game.game_date);
    const last = months.at(-1);
    if (last?.month === month) last.games.push(game);
    else months.push({ month, games: [game] });
  }
  return months;
}

/** A team's games with results and closing lines (from its side), newest last; stacked rows on a phone. */
export function TeamGamesTable({
  sport,
  games,
  teamRoute,
}: {
  sport: SportKey;
  games: readonly AlmanacGame[];
  teamRoute: RouteName;
}) {
  const phone = usePhoneLayout();
  const { period, words } = SPORT_INFO[sport];
  const byDate = period === 'Dates';
  if (phone) {
    return (
      <StackedRows
        label={LABEL}
        minFieldWidth="3rem"
        rows={games.map((game) => ({
          key: game.event_id,
          title: (
            <>
              {game.week === null || byDate ? '' : `${gameWeekText(sport, game).long} · `}
              {formatDay(game.game_date)}
              {game.is_demo ? ' · demo' : ''} · <Opponent game={game} teamRoute={teamRoute} />
            </>
          ),
          aside: <Result game={game} />,
          fields: [
            { label: words.spread, value: game.spread === null ? '–' : formatSpread(game.spread) },
            { label: 'Total', value: game.total ?? '–' },
            { label: 'ML', value: game.moneyline === null ? '–' : americanPriceText(game.moneyline) },
            {
              label: words.spreadRecord,
              value: (
                <Box component="span" sx={{ color: game.ats ? RESULT_COLOR[game.ats] : undefined, fontWeight: 600 }}>
                  {game.ats ?? '–'}
                </Box>
              ),
            },
            { label: 'O/U', value: game.over_under ?? '–' },
          ],
        }))}
      />
    );
  }
  const columns = [
    byDate ? 'Date' : 'Week',
    'Opponent',
    'Result',
    words.spread,
    'Total',
    'ML',
    words.spreadRecord,
    'O/U',
  ];
  const row = (game: AlmanacGame) => (
    <TableRow key={game.event_id}>
      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
        <WeekCell sport={sport} game={game} />
        {game.is_demo ? <Note>demo</Note> : null}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Opponent game={game} teamRoute={teamRoute} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <Result game={game} />
      </TableCell>
      <TableCell title={game.line_source?.label}>{game.spread === null ? '–' : formatSpread(game.spread)}</TableCell>
      <TableCell title={game.line_source?.label}>{game.total ?? '–'}</TableCell>
      <TableCell>{game.moneyline === null ? '–' : americanPriceText(game.moneyline)}</TableCell>
      <TableCell sx={{ color: game.ats ? RESULT_COLOR[game.ats] : undefined, fontWeight: 600 }}>
        {game.ats ?? '–'}
      </TableCell>
      <TableCell>{game.over_under ?? '–'}</TableCell>
    </TableRow>
  );
  return (
    // Focusable: where the columns are wider than the page they scroll inside it, and a keyboard must reach them.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={LABEL}
      sx={{ maxWidth: '100%', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      <Table
        size="small"
        aria-label={LABEL}
        // Eight columns fit a tablet's width with tighter cells.
        sx={{ '& th, & td': { px: { xs: 0.75, md: 1.5 } } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((label) => (
              <TableCell key={label} component="th" scope="col" sx={{ whiteSpace: 'nowrap' }}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {byDate ? (
          // A baseball season is some 160 games: a heading row for each month.
          byMonth(games).map(({ month, games: ofMonth }, index) => (
            <TableBody key={`${index}:${month}`}>
              <TableRow>
                <TableCell
                  component="th"
                  scope="rowgroup"
                  colSpan={columns.length}
                  sx={{ fontWeight: 700, bgcolor: 'action.hover' }}
                >
                  {month}
                </TableCell>
              </TableRow>
              {ofMonth.map(row)}
            </TableBody>
          ))
        ) : (
          <TableBody>{games.map(row)}</TableBody>
        )}
      </Table>
    </TableContainer>
  );
}
