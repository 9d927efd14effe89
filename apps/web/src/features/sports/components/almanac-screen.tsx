import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SportKey } from '@pass/contracts';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { useAlmanac } from '../api/get-almanac';
import { useTeams } from '../api/get-teams';
import { SPORT_INFO, SPORT_KEYS, teamRouteFor } from '../lib/sports';
import { AlmanacSeasons, AlmanacSummary } from './almanac-tables';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';
import { Section } from './section';
import { TeamGamesTable } from './team-games-table';
import { TeamSelect } from './team-select';

const MarginChart = lazy(() => import('./margin-chart'));

const FIRST_SEASON = 1999;

/** Pick a sport, a season (or every season) and a team: its records and the reward of backing or fading it. */
export function AlmanacScreen() {
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const [season, setSeason] = useState<string>('');
  const [team, setTeam] = useState('');
  const teams = useTeams(sport);
  const almanac = useAlmanac(sport, team || undefined, season ? Number(season) : undefined);
  const thisYear = new Date().getFullYear();
  const seasons = Array.from({ length: thisYear - FIRST_SEASON + 1 }, (_, index) => thisYear - index);
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Page name="almanac" title="Almanac" maxWidth="lg">
      <ScreenHeader
        title="Sportsbook almanac"
        subtitle="Straight-up, against-the-spread and over/under records by team."
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
      </Box>
      {!team ? <Typography color="text.secondary">Choose a team to see its almanac.</Typography> : null}
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
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
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
              <Section id="almanac-margin" title="Margin of victory by week">
                <Suspense fallback={<Loading label="Loading the chart…" />}>
                  <MarginChart games={almanac.data.games} />
                </Suspense>
              </Section>
            )}
          </Box>
          {almanac.data.season !== null ? (
            <Section id="almanac-games" title="Games">
              <TeamGamesTable games={almanac.data.games} teamRoute={teamRouteFor(sport)} />
            </Section>
          ) : null}
        </Box>
      ) : null}
    </Page>
  );
}
