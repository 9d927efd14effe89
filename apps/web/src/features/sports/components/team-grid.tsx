import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SportTeam } from '@pass/contracts';
import { Link as RouterLink } from 'react-router';
import { pathTo, type RouteName } from '../../../config/paths';
import { isRouteRegistered } from '../../../lib/route-registry';

/** Teams grouped by division, or by conference where there are no divisions. */
export function groupTeams(teams: readonly SportTeam[]): { group: string; teams: SportTeam[] }[] {
  const groups = new Map<string, SportTeam[]>();
  for (const team of teams) {
    const key = team.division ?? team.conference ?? 'Other';
    groups.set(key, [...(groups.get(key) ?? []), team]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, members]) => ({ group, teams: members.sort((a, b) => a.name.localeCompare(b.name)) }));
}

interface TeamGridProps {
  teams: readonly SportTeam[];
  teamRoute: RouteName;
  headingId?: string;
}

/** The team selector: every team, by division; a click opens its team page. */
export function TeamGrid({ teams, teamRoute, headingId = 'team-grid' }: TeamGridProps) {
  const linked = isRouteRegistered(teamRoute);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        Teams
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {groupTeams(teams).map(({ group, teams: members }) => (
          <Box key={group}>
            <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
              {group}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {members.map((team) =>
                linked ? (
                  <Button
                    key={team.abbv}
                    size="small"
                    variant="outlined"
                    component={RouterLink}
                    to={pathTo(teamRoute, { team: team.abbv })}
                    title={team.name}
                    sx={{ minWidth: 0, textTransform: 'none' }}
                  >
                    {team.nickname ?? team.name}
                  </Button>
                ) : (
                  <Typography key={team.abbv} variant="body2">
                    {team.name}
                  </Typography>
                ),
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
