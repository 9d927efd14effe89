import type { AdminSeriesPoint } from '@pass/contracts';
import { centsToDollars } from '@pass/domain';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * New subscriptions (bars) and revenue in dollars (a line) per day or month (recharts, loaded with the admin's
 * billing section only).
 */
export default function BillingSeriesChart({ points }: { points: readonly AdminSeriesPoint[] }) {
  const data = points.map((point) => ({
    label: point.period.length === 10 ? point.period.slice(5) : point.period,
    subscriptions: point.new_subscriptions,
    cancelled: point.cancelled,
    revenue: centsToDollars(point.revenue_cents),
  }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={8} />
        <YAxis yAxisId="count" width={40} allowDecimals={false} />
        <YAxis
          yAxisId="revenue"
          orientation="right"
          width={64}
          tickFormatter={(value: number) => `$${value.toLocaleString('en-US')}`}
        />
        <Tooltip
          formatter={(value, name) =>
            name === 'Revenue ($)' ? [`$${Number(value).toFixed(2)}`, name] : [String(value), name]
          }
        />
        <Legend />
        <Bar
          yAxisId="count"
          dataKey="subscriptions"
          name="New subscriptions"
          fill="#1565C0"
          isAnimationActive={false}
        />
        <Bar yAxisId="count" dataKey="cancelled" name="Ended" fill="#B71C1C" isAnimationActive={false} />
        <Line
          yAxisId="revenue"
          dataKey="revenue"
          name="Revenue ($)"
          stroke="#00796B"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
