import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dollarTick, symmetricDomain, symmetricTicks } from '../../../lib/chart-axes';
import type { CumulativePoint } from '../lib/replay';

/** Pick points and bet profit so far, week by week (recharts, loaded with its screen only). */
export default function CumulativeRewardChart({ points }: { points: readonly CumulativePoint[] }) {
  const pointsDomain = symmetricDomain(points.map((point) => point.points));
  const profitDomain = symmetricDomain(points.map((point) => point.profit));
  return (
    <ResponsiveContainer width="100%" height={280} initialDimension={{ width: 640, height: 280 }}>
      <LineChart data={[...points]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
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
        <Line
          yAxisId="points"
          type="linear"
          dataKey="points"
          name="Pick points"
          stroke="#1565C0"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          yAxisId="profit"
          type="linear"
          dataKey="profit"
          name="Bet profit ($)"
          stroke="#00796B"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
