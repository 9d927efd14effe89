import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SportKey, StandingsGroup } from '@pass/contracts';
import type { ReactNode } from 'react';
import { Page } from '../../../components/page';
import type { RouteName } from '../../../config/paths';
import { useStandings } from '../api/get-standings';
import { useTeams } from '../api/get-teams';
import { SPORT_INFO } from '../lib/sports';
import { isNotFound, QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { Section } from './section';
import { StandingsTable } from './standings-table';
import { TeamGrid } from './team-grid';

interface ConferencesScreenProps {
  route: RouteName;
  sport: SportKey;
  title: string;
  /** Only these conferences (AFC, NFC); all by default. */
  conferences?: readonly string[];
  teamRoute: RouteName;
  /** Links at the top, e.g. to the schedule. */
  links?: ReactNode;
  /** A section between the links and the standings (the baseball menu's pools). */
  children?: ReactNode;
}

/** Teams by conference and division, with the standings where the season has any. */
export function ConferencesScreen({
  route,
  sport,
  title,
  conferences,
  teamRoute,
  links,
  children,
}: ConferencesScreenProps) {
  const standings = useStandings(sport);
  const teams = useTeams(sport);
  const keep = (conference: string | null) => !conferences || (conference !== null && conferences.includes(conference));
  const groups: StandingsGroup[] = (standings.data?.groups ?? []).filter((group) => keep(group.conference));
  const info = SPORT_INFO[sport];
  return (
    <Page name={route} title={title} maxWidth="lg">
      <ScreenHeader
        title={title}
        subtitle={standings.data ? `${standings.data.season} standings` : `${info.label} teams`}
      />
      {links ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}>{links}</Box> : null}
      {children}
      <QueryState
        isPending={standings.isPending}
        error={standings.error && !isNotFound(standings.error) ? standings.error : null}
        loadingLabel="Loading the standings…"
        what="the standings"
        empty=""
      />
      {groups.length > 0 ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {groups.map((group) => (
            <Section
              key={`${group.conference}:${group.division ?? ''}`}
              id={`standings-${(group.division ?? group.conference).replace(/\W+/g, '-').toLowerCase()}`}
              title={group.division ?? group.conference}
            >
              <StandingsTable sport={sport} group={group} teamRoute={teamRoute} />
            </Section>
          ))}
        </Box>
      ) : null}
      {standings.data && groups.length === 0 ? <Alert severity="info">No standings for this season yet.</Alert> : null}
      {standings.error && isNotFound(standings.error) ? (
        <Typography color="text.secondary">No games are loaded for this season yet: teams only.</Typography>
      ) : null}
      {teams.data && (standings.isError || (standings.data && groups.length === 0)) ? (
        <TeamGrid teams={teams.data.teams.filter((team) => keep(team.conference))} teamRoute={teamRoute} />
      ) : null}
    </Page>
  );
}
