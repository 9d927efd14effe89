import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StandingRow, StandingsGroup } from '@pass/contracts';
import { RouteLink } from '../../../components/route-link';
import { Fragment } from 'react';
import type { RouteName } from '../../../config/paths';
import { usePhoneLayout } from '../../../components/use-phone-layout';

const record = (r: { wins: number; losses: number; ties: number }) =>
  `${r.wins}-${r.losses}${r.ties ? `-${r.ties}` : ''}`;

interface StandingsTableProps {
  group: StandingsGroup;
  teamRoute: RouteName;
  /** The team to mark (a team page's own). */
  highlight?: string;
  /** Fewer columns, for a narrow column of a page: the record in one, without points for and against. */
  compact?: boolean;
}

const FULL = ['W', 'L', 'T', 'Pct', 'PF', 'PA', 'Diff', 'Div', 'Strk'] as const;
// A narrow column of a page, or a phone, has room for the record in one column; on a phone, points for and
// against and the division record go under the team's name.
const NARROW = ['W-L', 'Pct', 'Diff', 'Strk'] as const;

/** One division's (or conference's) standings, best first. */
export function StandingsTable({ group, teamRoute, highlight, compact = false }: StandingsTableProps) {
  const phone = usePhoneLayout();
  const narrow = phone || compact;
  const title = group.division ?? group.conference;
  const columns: readonly string[] = narrow ? NARROW : FULL;
  return (
    <TableContainer>
      <Table size="small" aria-label={`${title} standings`} sx={narrow ? { '& th, & td': { px: 0.75 } } : undefined}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {title}
            </TableCell>
            {columns.map((label) => (
              <TableCell key={label} component="th" scope="col" align="right" sx={{ whiteSpace: 'nowrap' }}>
                {label}
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
                    {[`PF ${team.points_for}`, `PA ${team.points_against}`, `Div ${record(team.division_record)}`].map(
                      (figure, index) => (
                        <Fragment key={figure}>
                          {index > 0 ? ' · ' : null}
                          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                            {figure}
                          </Box>
                        </Fragment>
                      ),
                    )}
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

function cellOf(team: StandingRow, column: string): string | number {
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
    case 'PF':
      return team.points_for;
    case 'PA':
      return team.points_against;
    case 'Diff':
      return team.point_diff > 0 ? `+${team.point_diff}` : team.point_diff;
    case 'Div':
      return record(team.division_record);
    default:
      return team.streak ?? '–';
  }
}
