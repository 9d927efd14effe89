import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { seasonForDate } from '@pass/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { useAlmanac } from '../api/get-almanac';
import { useCurrentWeek } from '../api/get-current-week';
import { useTeams } from '../api/get-teams';
import { spreadRecordAdjective } from '../../../lib/sport-words';
import { marginWords, SPORT_INFO, SPORT_KEYS, teamRouteFor } from '../lib/sports';
import { AlmanacSeasons, AlmanacSummary } from './almanac-tables';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { Section } from './section';
import { LineSourceCaption } from './line-source-caption';
import { TeamGamesTable } from './team-games-table';
import { TeamSelect } from './team-select';
import { LeagueTrends } from './trends';
import { WeekResults } from './week-results';

const MarginChart = lazy(() => import('./margin-chart'));

const FIRST_SEASON = 1999;

/**
 * Pick a sport, a season (or every season) and a team: its records and the reward of backing or fading it;
 * below, the season's trends and a week's finals against the closing line (the current season's when every
 * season is chosen).
 */
export function AlmanacScreen() {
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const [season, setSeason] = useState<string>('');
  const [team, setTeam] = useState('');
  // Every season leaves the generated demo season out unless asked.
  const [includeDemo, setIncludeDemo] = useState(false);
  const teams = useTeams(sport);
  const almanac = useAlmanac(sport, team || undefined, season ? Number(season) : undefined, !season && includeDemo);
  const current = useCurrentWeek(sport);
  const seasonShown =
    season !== ''
      ? Number(season)
      : (current.data?.season ?? (current.isError ? seasonForDate(sport, new Date()) : undefined));
  const names = useMemo(
    () => new Map((teams.data?.teams ?? []).map((entry) => [entry.abbv, entry.name] as const)),
    [teams.data],
  );
  const teamRoute = teamRouteFor(sport);
  const info = SPORT_INFO[sport];
  const thisYear = new Date().getFullYear();
  const seasons = Array.from({ length: thisYear - FIRST_SEASON + 1 }, (_, index) => thisYear - index);
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Page name="almanac" title="Almanac" maxWidth="lg">
      <ScreenHeader
        title="Sportsbook almanac"
        subtitle={`Straight-up, ${spreadRecordAdjective(info.words)} and over/under records by team.`}
        demo={almanac.data?.includes_demo === true}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <TextField
          select
          id="almanac-sport"
          label="Sport"
          size="small"
          value={sport}
          onChange={(event) => {
            setSport(event.target.value as SportKey);
            setTeam('');
          }}
          slotProps={native}
          sx={{ minWidth: 180 }}
        >
          {SPORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {SPORT_INFO[key].label}
            </option>
          ))}
        </TextField>
        <TextField
          select
          id="almanac-season"
          label="Season"
          size="small"
          value={season}
          onChange={(event) => setSeason(event.target.value)}
          slotProps={native}
          sx={{ minWidth: 140 }}
        >
          <option value="">Every season</option>
          {seasons.map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </TextField>
        <TeamSelect
          id="almanac-team"
          label="Team"
          teams={teams.data?.teams ?? []}
          value={team}
          onChange={setTeam}
          anyLabel="Choose a team"
        />
        {season === '' ? (
          <FormControlLabel
            control={<Checkbox checked={includeDemo} onChange={(event) => setIncludeDemo(event.target.checked)} />}
            label="Include the demo season"
          />
        ) : null}
      </Box>
      {!team ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Choose a team to see its almanac.
        </Typography>
      ) : null}
      {team ? (
        <QueryState
          isPending={almanac.isPending}
          error={almanac.error}
          loadingLabel="Loading the almanac…"
          what="the almanac"
          empty="No games of this team are loaded for that season."
        />
      ) : null}
      {almanac.data ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Typography variant="h5" component="h2">
            {almanac.data.name} · {almanac.data.season ?? 'every season'}
            {almanac.data.includes_demo ? ' · with demo games' : ''}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              alignItems: 'start',
              // Side by side only where the season-by-season table fits half the width.
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Section id="almanac-totals" title="Totals">
              <AlmanacSummary almanac={almanac.data} />
            </Section>
            {almanac.data.season === null ? (
              <Section id="almanac-seasons" title="Season by season">
                <AlmanacSeasons almanac={almanac.data} />
              </Section>
            ) : (
              <Section id="almanac-margin" title={marginWords(almanac.data.sport).title}>
                <Suspense fallback={<Loading label="Loading the chart…" />}>
                  <MarginChart sport={almanac.data.sport} games={almanac.data.games} />
                </Suspense>
              </Section>
            )}
          </Box>
          {almanac.data.season !== null ? (
            <Section id="almanac-games" title="Games">
              <TeamGamesTable sport={almanac.data.sport} games={almanac.data.games} teamRoute={teamRoute} />
              <LineSourceCaption sources={almanac.data.line_sources} />
            </Section>
          ) : null}
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3, mt: 3 }}>
        <Section id="almanac-trends" title="Trends">
          {seasonShown === undefined ? (
            <Loading label="Loading the season…" />
          ) : (
            <LeagueTrends
              key={`${sport}:${seasonShown}`}
              sport={sport}
              season={seasonShown}
              team={team || undefined}
              teamRoute={teamRoute}
              names={names}
            />
          )}
        </Section>
        <Section
          id="almanac-results"
          title={`${seasonShown ? `${seasonShown} results` : 'Results'} by ${info.period === 'Dates' ? 'date' : 'week'}`}
        >
          {seasonShown === undefined ? (
            <Loading label="Loading the season…" />
          ) : (
            <WeekResults key={`${sport}:${seasonShown}`} sport={sport} season={seasonShown} teamRoute={teamRoute} />
          )}
        </Section>
      </Box>
    </Page>
  );
}
