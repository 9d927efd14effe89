import type { StatsResponse } from '@pass/contracts';
import { centsToDollars } from '@pass/domain';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dollarTick, symmetricDomain, symmetricTicks } from '../lib/chart-axes';

/**
 * Reward by week: pick points and bet profit in dollars side by side, on the stats screen and the demo's charts
 * (recharts, loaded with its screen only).
 */
export default function RewardChart({ weeks }: { weeks: StatsResponse['by_week'] }) {
  const data = weeks.map((week) => ({
    label: week.nbr === null ? String(week.yr_week ?? '—') : `W${week.nbr}`,
    points: week.picks.points,
    profit: centsToDollars(week.bets.profit_cents),
  }));
  const pointsDomain = symmetricDomain(data.map((week) => week.points));
  const profitDomain = symmetricDomain(data.map((week) => week.profit));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={4} />
        <YAxis
          yAxisId="points"
          width={44}
          allowDecimals={false}
          domain={pointsDomain}
          ticks={symmetricTicks(pointsDomain)}
        />
        <YAxis
          yAxisId="profit"
          orientation="right"
          width={64}
          domain={profitDomain}
          ticks={symmetricTicks(profitDomain)}
          tickFormatter={dollarTick}
        />
        <ReferenceLine yAxisId="points" y={0} stroke="#666" />
        <Tooltip
          formatter={(value, name) =>
            name === 'Bet profit ($)' ? [`$${Number(value).toFixed(2)}`, name] : [String(value), name]
          }
        />
        <Legend />
        <Bar yAxisId="points" dataKey="points" name="Pick points" fill="#1565C0" isAnimationActive={false} />
        <Bar yAxisId="profit" dataKey="profit" name="Bet profit ($)" fill="#00796B" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
