import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SportKey, StandingRow, StandingsGroup } from '@pass/contracts';
import { RouteLink } from '../../../components/route-link';
import { Fragment } from 'react';
import type { RouteName } from '../../../config/paths';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { scoreForAgainst } from '../../../lib/sport-words';
import { SPORT_INFO } from '../lib/sports';

const record = (r: { wins: number; losses: number; ties: number }) =>
  `${r.wins}-${r.losses}${r.ties ? `-${r.ties}` : ''}`;

interface StandingsTableProps {
  /** Whose words the columns speak: points or runs, a ties column only where games can end tied. */
  sport: SportKey;
  group: StandingsGroup;
  teamRoute: RouteName;
  /** The team to mark (a team page's own). */
  highlight?: string;
  /** Fewer columns, for a narrow column of a page: the record in one, without points for and against. */
  compact?: boolean;
}

type Column = 'W' | 'L' | 'T' | 'W-L' | 'Pct' | 'For' | 'Against' | 'Diff' | 'Div' | 'Strk';

// The full table, the ties column only for a sport whose games can end tied (the NFL).
const full = (ties: boolean): Column[] => [
  'W',
  'L',
  ...(ties ? (['T'] as const) : []),
  'Pct',
  'For',
  'Against',
  'Diff',
  'Div',
  'Strk',
];
// A narrow column of a page, or a phone, has room for the record in one column; on a phone, points (runs) for
// and against and the division record go under the team's name.
const NARROW: readonly Column[] = ['W-L', 'Pct', 'Diff', 'Strk'];

/** One division's (or conference's) standings, best first. */
export function StandingsTable({ sport, group, teamRoute, highlight, compact = false }: StandingsTableProps) {
  const phone = usePhoneLayout();
  const narrow = phone || compact;
  const title = group.division ?? group.conference;
  const { words } = SPORT_INFO[sport];
  const score = scoreForAgainst(words);
  const columns = narrow ? NARROW : full(words.ties);
  const header = (column: Column) => (column === 'For' ? score.for : column === 'Against' ? score.against : column);
  return (
    // Focusable and labelled: where the columns are wider than the page, they scroll inside it, never cut.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={`${title} standings`}
      sx={{ maxWidth: '100%', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
    >
      <Table size="small" aria-label={`${title} standings`} sx={{ '& th, & td': { px: phone ? 0.5 : 0.75 } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {title}
            </TableCell>
            {columns.map((label) => (
              <TableCell key={label} component="th" scope="col" align="right" sx={{ whiteSpace: 'nowrap' }}>
                {header(label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {group.teams.map((team) => (
            <TableRow key={team.team} selected={team.team === highlight}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: narrow ? 'normal' : 'nowrap' }}>
                <RouteLink to={teamRoute} params={{ team: team.team }} underline="hover" fallback={team.name}>
                  {team.name}
                </RouteLink>
                {phone && !compact ? (
                  <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                    {[
                      `${score.for} ${team.points_for}`,
                      `${score.against} ${team.points_against}`,
                      `Div ${record(team.division_record)}`,
                    ].map((figure, index) => (
                      <Fragment key={figure}>
                        {index > 0 ? ' · ' : null}
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                          {figure}
                        </Box>
                      </Fragment>
                    ))}
                  </Box>
                ) : null}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column} align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {cellOf(team, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function cellOf(team: StandingRow, column: Column): string | number {
  switch (column) {
    case 'W':
      return team.wins;
    case 'L':
      return team.losses;
    case 'T':
      return team.ties;
    case 'W-L':
      return record(team);
    case 'Pct':
      return team.pct.toFixed(3).replace(/^0/, '');
    case 'For':
      return team.points_for;
    case 'Against':
      return team.points_against;
    case 'Diff':
      return team.point_diff > 0 ? `+${team.point_diff}` : team.point_diff;
    case 'Div':
      return record(team.division_record);
    case 'Strk':
      return team.streak ?? '–';
  }
}
