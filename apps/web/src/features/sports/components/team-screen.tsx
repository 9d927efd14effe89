import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { seasonForDate } from '@pass/domain';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import type { RouteName } from '../../../config/paths';
import { useAlmanac } from '../api/get-almanac';
import { useBookEvents } from '../api/get-book-events';
import { useCurrentWeek } from '../api/get-current-week';
import { useStandings } from '../api/get-standings';
import { findTeam, teamsByAbbv, useTeams } from '../api/get-teams';
import { hasDemoEvents } from '../lib/demo';
import { latestFetch } from '../lib/lines';
import { marginWords, SPORT_INFO } from '../lib/sports';
import { AlmanacSummary, suText } from './almanac-tables';
import { GameCard } from './game-card';
import { LineSourceCaption } from './line-source-caption';
import { OddsFreshness } from './odds-freshness';
import { QueryState, isNotFound } from './query-state';
import { ScreenHeader } from './screen-header';
import { Section } from './section';
import { StandingsTable } from './standings-table';
import { TeamGamesTable } from './team-games-table';
import { TeamTrends } from './trends';

const loadMarginChart = () => import('./margin-chart');
const MarginChart = lazy(loadMarginChart);

export interface TeamScreenProps {
  route: RouteName;
  sport: SportKey;
  /** The season the route fixes (2023, 2024); the current season otherwise. */
  fixedSeason?: number;
  teamRoute: RouteName;
}

/**
 * A team: division standings, its games with results and lines, the almanac, its trends this season and the
 * weekly margin of victory.
 */
export function TeamScreen({ route, sport, fixedSeason, teamRoute }: TeamScreenProps) {
  // The chart's code (the heaviest of the screen) loads while the data is on its way, not after it.
  useEffect(() => void loadMarginChart(), []);
  const { team: teamParam = '' } = useParams();
  const current = useCurrentWeek(sport);
  const season =
    fixedSeason ?? current.data?.season ?? (current.isError ? seasonForDate(sport, new Date()) : undefined);
  const teams = useTeams(sport);
  const team = useMemo(() => findTeam(teams.data, teamParam), [teams.data, teamParam]);
  const abbv = team?.abbv ?? teamParam;
  const almanac = useAlmanac(sport, season === undefined ? undefined : abbv, season);
  const standings = useStandings(sport, season);
  // This week's game, with its line, while the season is the current one.
  const isCurrentSeason = season !== undefined && season === current.data?.season;
  const thisWeek = useBookEvents(sport, {}, { enabled: isCurrentSeason });
  const upcoming = (thisWeek.data?.events ?? []).filter(
    (event) => event.status !== 'final' && (event.home_team === abbv || event.away_team === abbv),
  );
  // The opponents outside the league (FCS teams) too: their games name them.
  const teamMap = useMemo(() => teamsByAbbv(teams.data), [teams.data]);
  const group = standings.data?.groups.find((entry) => entry.teams.some((row) => row.team === abbv));
  // The almanac names the team as it was in the season shown (the Oakland Athletics of 2024).
  const name = almanac.data?.name ?? team?.name ?? teamParam;
  const info = SPORT_INFO[sport];
  const margin = marginWords(sport);
  const title = season ? `${name} · ${season}` : name;

  if (teams.data && !team && !almanac.data && almanac.error && isNotFound(almanac.error)) {
    return (
      <Page name={route} title="Team not found">
        <ScreenHeader title="Team not found" />
        <Alert severity="info">
          There is no {info.label} team called “{teamParam}”.
        </Alert>
      </Page>
    );
  }

  return (
    <Page name={route} title={title} maxWidth="lg">
      <ScreenHeader
        title={title}
        demo={hasDemoEvents(thisWeek.data?.events ?? []) || almanac.data?.includes_demo === true}
        subtitle={
          [
            // The season's standings place the team where it played that year (divisions change); today's
            // placement only once they are known not to list it.
            group
              ? (group.division ?? group.conference)
              : standings.isPending
                ? null
                : (team?.division ?? team?.conference),
            almanac.data ? `${suText(almanac.data.totals)} straight up` : null,
          ]
            .filter(Boolean)
            .join(' · ') || null
        }
        aside={upcoming.length > 0 ? <OddsFreshness updatedAt={latestFetch(upcoming)} /> : null}
      />
      {upcoming.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
          {upcoming.map((event) => (
            <GameCard key={event.event_id} event={event} teams={teamMap} teamRoute={teamRoute} />
          ))}
        </Box>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          // Side by side only where the games table fits its column.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>
          <Section id="margin-of-victory" title={margin.title}>
            {almanac.data && almanac.data.games.length > 0 ? (
              <Suspense fallback={<Loading label="Loading the chart…" />}>
                <Box component="figure" sx={{ m: 0 }}>
                  <MarginChart sport={almanac.data.sport} games={almanac.data.games} />
                  <Typography component="figcaption" variant="body2" color="text.secondary">
                    {margin.caption}
                  </Typography>
                </Box>
              </Suspense>
            ) : almanac.data ? (
              <Typography color="text.secondary">No game played yet this season.</Typography>
            ) : null}
            <QueryState
              isPending={almanac.isPending}
              error={almanac.error}
              loadingLabel="Loading the games…"
              what="the games"
              empty="No games are loaded for this season yet."
            />
          </Section>
          <Section id="team-games" title="Schedule and results">
            {almanac.data && almanac.data.games.length > 0 ? (
              <>
                <TeamGamesTable sport={almanac.data.sport} games={almanac.data.games} teamRoute={teamRoute} />
                <LineSourceCaption sources={almanac.data.line_sources} />
              </>
            ) : almanac.data ? (
              <Typography color="text.secondary">No graded game yet this season.</Typography>
            ) : null}
          </Section>
        </Box>
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start', minWidth: 0 }}>
          <Section
            id="division-standings"
            title={group ? `${group.division ?? group.conference} standings` : 'Standings'}
          >
            {group ? (
              <StandingsTable sport={sport} group={group} teamRoute={teamRoute} highlight={abbv} compact />
            ) : null}
            <QueryState
              isPending={standings.isPending}
              error={standings.error}
              loadingLabel="Loading the standings…"
              what="the standings"
              empty="No standings for this season yet."
            />
            {standings.data && !group ? (
              <Typography color="text.secondary">No standings for this team.</Typography>
            ) : null}
          </Section>
          <Section id="almanac" title="Sportsbook almanac">
            {almanac.data ? <AlmanacSummary almanac={almanac.data} /> : null}
          </Section>
          <Section id="team-trends" title="Trends">
            {season === undefined ? null : <TeamTrends sport={sport} season={season} team={abbv} name={name} />}
          </Section>
        </Box>
      </Box>
    </Page>
  );
}
