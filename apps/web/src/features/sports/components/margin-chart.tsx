import type { AlmanacGame, SportKey } from '@pass/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { weekShortLabel } from '@pass/domain';
import { formatDay, venuePrefix } from '../lib/format';
import { marginWords, SPORT_INFO } from '../lib/sports';

/** The label of a game on the chart: its week (W7, Bowl, SB), or its date (MLB, a game without a week). */
function labelOf(sport: SportKey, game: AlmanacGame): string {
  if (game.week === null || SPORT_INFO[sport].period === 'Dates') return formatDay(game.game_date);
  return weekShortLabel(sport, game.season, game.week);
}

/**
 * Margin of victory game by game (football's weeks, baseball's dates): above the line a win, below a loss
 * (recharts, loaded with its screen only).
 */
export default function MarginChart({ sport, games }: { sport: SportKey; games: readonly AlmanacGame[] }) {
  const name = marginWords(sport).measure;
  const data = games.map((game) => ({
    label: labelOf(sport, game),
    margin: game.score_for - game.score_against,
    opponent: `${venuePrefix(game)} ${game.opponent}`,
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={4} />
        <YAxis
          width={48}
          allowDecimals={false}
          label={{ value: name, angle: -90, position: 'insideLeft', style: { textAnchor: 'middle' } }}
        />
        <ReferenceLine y={0} stroke="#666" />
        <Tooltip
          formatter={(value) => [`${Number(value) > 0 ? '+' : ''}${String(value)}`, name]}
          labelFormatter={(label, payload) => `${String(label)} ${payload?.[0]?.payload?.opponent ?? ''}`}
        />
        <Bar dataKey="margin" isAnimationActive={false}>
          {data.map((entry, index) => (
            <Cell key={index} fill={entry.margin >= 0 ? '#2E7D32' : '#B00020'} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
