import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AlmanacGame, SportKey } from '@pass/contracts';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { formatDay, formatKickoff, venuePrefix } from '../lib/format';
import { OutsideMark } from './game-card';
import { formatPrice, formatSpread } from '../lib/lines';
import { gameWeekText } from '../lib/weeks';
import { StackedRows } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';

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

/** The week as the column shows it (7, Bowl, SB, or the date), its full name and the kickoff on hover. */
function WeekCell({ sport, game }: { sport: SportKey; game: AlmanacGame }) {
  const week = gameWeekText(sport, game);
  const kickoff = formatKickoff(game.kickoff, game.game_date);
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
  if (phone) {
    return (
      <StackedRows
        label={LABEL}
        minFieldWidth="3rem"
        rows={games.map((game) => ({
          key: game.event_id,
          title: (
            <>
              {game.week === null || sport === 'baseball_mlb' ? '' : `${gameWeekText(sport, game).long} · `}
              {formatDay(game.game_date)}
              {game.is_demo ? ' · demo' : ''} · <Opponent game={game} teamRoute={teamRoute} />
            </>
          ),
          aside: <Result game={game} />,
          fields: [
            { label: 'Spread', value: game.spread === null ? '–' : formatSpread(game.spread) },
            { label: 'Total', value: game.total ?? '–' },
            { label: 'ML', value: game.moneyline === null ? '–' : formatPrice(game.moneyline) },
            {
              label: 'ATS',
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
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={LABEL}
        // Eight columns fit a tablet's width with tighter cells.
        sx={{ '& th, & td': { px: { xs: 0.75, md: 2 } } }}
      >
        <TableHead>
          <TableRow>
            {['Week', 'Opponent', 'Result', 'Spread', 'Total', 'ML', 'ATS', 'O/U'].map((label) => (
              <TableCell key={label} component="th" scope="col">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {games.map((game) => (
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
              <TableCell title={game.line_source?.label}>
                {game.spread === null ? '–' : formatSpread(game.spread)}
              </TableCell>
              <TableCell title={game.line_source?.label}>{game.total ?? '–'}</TableCell>
              <TableCell>{game.moneyline === null ? '–' : formatPrice(game.moneyline)}</TableCell>
              <TableCell sx={{ color: game.ats ? RESULT_COLOR[game.ats] : undefined, fontWeight: 600 }}>
                {game.ats ?? '–'}
              </TableCell>
              <TableCell>{game.over_under ?? '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
