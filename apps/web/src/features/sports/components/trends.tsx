import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SportKey, TeamTrend, Tip } from '@pass/contracts';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { RouteName } from '../../../config/paths';
import { useTips } from '../api/get-tips';
import { SPORT_INFO } from '../lib/sports';
import { teamTrendFigures, tipFigures, tipKindLabel } from '../lib/trends';
import { spreadRecordText, type SportWords } from '../../../lib/sport-words';
import { LineSourceCaption } from './line-source-caption';
import { QueryState } from './query-state';
import { Figures, StackedRows } from '../../../components/stacked-rows';

/** How many trends the almanac shows before "Show all". */
export const TRENDS_SHOWN_FIRST = 8;

interface TrendListProps {
  tips: readonly Tip[];
  words: SportWords;
  season: number;
  /** Links each trend's team to its page; none where the list is a team's own. */
  teamRoute?: RouteName;
  names?: ReadonlyMap<string, string>;
}

/** Trends as cards: what the trend says, then the figures behind it (record, share, games, season). */
function TrendList({ tips, words, season, teamRoute, names }: TrendListProps) {
  return (
    <StackedRows
      label="Trends"
      minCardWidth="17rem"
      rows={tips.map((tip) => ({
        key: `${tip.team}:${tip.kind}`,
        title: tip.text,
        aside: (
          <Typography component="span" variant="caption" color="text.secondary">
            {tipKindLabel(tip.kind, words)}
          </Typography>
        ),
        fields: [
          ...(teamRoute
            ? [
                {
                  label: 'Team',
                  value: (
                    <RouteLink to={teamRoute} params={{ team: tip.team }} underline="hover" fallback={tip.team}>
                      {names?.get(tip.team) ?? tip.team}
                    </RouteLink>
                  ),
                  wide: true,
                },
              ]
            : []),
          ...tipFigures(tip, words),
          { label: 'Season', value: String(season) },
        ],
      }))}
    />
  );
}

function TeamTrendFigures({ trend, words, season }: { trend: TeamTrend; words: SportWords; season: number }) {
  return (
    <Box component="section" aria-label={`${trend.name}: ${season} so far`} sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {season} so far
      </Typography>
      <Figures fields={teamTrendFigures(trend, words)} />
    </Box>
  );
}

/** Where the trends come from, in the sport's words. */
const aboutText = (words: SportWords) =>
  `From the season's finals and closing lines: current ${words.streak}s, and records ` +
  `${spreadRecordText(words).toLowerCase()} and the total that stand out.`;

/** A team's trends this season (its page): its records and runs, and the trends that stand out. */
export function TeamTrends({
  sport,
  season,
  team,
  name,
}: {
  sport: SportKey;
  season: number;
  team: string;
  name: string;
}) {
  const tips = useTips(sport, season);
  const { words } = SPORT_INFO[sport];
  const trend = tips.data?.teams.find((entry) => entry.team === team);
  const own = (tips.data?.tips ?? []).filter((tip) => tip.team === team);
  return (
    <>
      <QueryState
        isPending={tips.isPending}
        error={tips.error}
        loadingLabel="Loading the trends…"
        what="the trends"
        empty="No games are loaded for this season yet."
      />
      {tips.data ? (
        <>
          {trend ? <TeamTrendFigures trend={trend} words={words} season={tips.data.season} /> : null}
          {own.length > 0 ? (
            <TrendList tips={own} words={words} season={tips.data.season} />
          ) : (
            <Typography color="text.secondary">No trend stands out for the {name} this season.</Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {aboutText(words)}
          </Typography>
          <LineSourceCaption sources={tips.data.line_sources} />
        </>
      ) : null}
    </>
  );
}

interface LeagueTrendsProps {
  sport: SportKey;
  /** The current season when absent. */
  season?: number | undefined;
  /** Only this team's trends, with its records and runs. */
  team?: string | undefined;
  teamRoute: RouteName;
  names: ReadonlyMap<string, string>;
}

/** A season's trends across the league, strongest first (the almanac); one team's when a team is chosen. */
export function LeagueTrends({ sport, season, team, teamRoute, names }: LeagueTrendsProps) {
  const tips = useTips(sport, season);
  const { words } = SPORT_INFO[sport];
  const [showAll, setShowAll] = useState(false);
  const all = (tips.data?.tips ?? []).filter((tip) => !team || tip.team === team);
  const shown = showAll ? all : all.slice(0, TRENDS_SHOWN_FIRST);
  const trend = team ? tips.data?.teams.find((entry) => entry.team === team) : undefined;
  return (
    <>
      <QueryState
        isPending={tips.isPending}
        error={tips.error}
        loadingLabel="Loading the trends…"
        what="the trends"
        empty="No games are loaded for this season yet."
      />
      {tips.data ? (
        <>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
            {tips.data.season} season. {aboutText(words)}
          </Typography>
          {trend ? <TeamTrendFigures trend={trend} words={words} season={tips.data.season} /> : null}
          {shown.length > 0 ? (
            <TrendList tips={shown} words={words} season={tips.data.season} teamRoute={teamRoute} names={names} />
          ) : (
            <Typography color="text.secondary">
              {team ? `No trend stands out for ${names.get(team) ?? team} this season.` : 'No trend stands out yet.'}
            </Typography>
          )}
          {all.length > TRENDS_SHOWN_FIRST ? (
            <Button size="small" sx={{ mt: 1 }} onClick={() => setShowAll((value) => !value)} aria-expanded={showAll}>
              {showAll ? 'Show the strongest only' : `Show all ${all.length} trends`}
            </Button>
          ) : null}
          <LineSourceCaption sources={tips.data.line_sources} />
        </>
      ) : null}
    </>
  );
}
