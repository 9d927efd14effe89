import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AlmanacGame } from '@pass/contracts';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { formatKickoff } from '../lib/format';
import { formatPrice, formatSpread } from '../lib/lines';

const RESULT_COLOR = { W: 'success.dark', L: 'error.main', T: 'text.primary', P: 'text.primary' } as const;

/** A team's games with results and closing lines (from its side), newest last. */
export function TeamGamesTable({ games, teamRoute }: { games: readonly AlmanacGame[]; teamRoute: RouteName }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Games with results and closing lines">
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
                <abbr title={formatKickoff(game.kickoff, game.game_date)} style={{ textDecoration: 'none' }}>
                  {game.week === null
                    ? game.game_date
                    : game.season_type === 'postseason'
                      ? `P${game.week}`
                      : game.week}
                </abbr>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {game.home ? 'vs ' : '@ '}
                <RouteLink to={teamRoute} params={{ team: game.opponent }} underline="hover" fallback={game.opponent}>
                  {game.opponent}
                </RouteLink>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                <Box component="span" sx={{ fontWeight: 700, color: RESULT_COLOR[game.straight_up] }}>
                  {game.straight_up}
                </Box>{' '}
                {game.score_for}–{game.score_against}
              </TableCell>
              <TableCell>{game.spread === null ? '–' : formatSpread(game.spread)}</TableCell>
              <TableCell>{game.total ?? '–'}</TableCell>
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
