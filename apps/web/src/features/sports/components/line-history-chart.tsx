import type { LineSeries } from '@pass/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { bookName } from '../lib/lines';

const COLORS = ['#1867C0', '#018786', '#B00020', '#FB8C00', '#3700B3', '#2E7D32', '#6D4C41', '#C2185B', '#455A64'];

interface LineHistoryChartProps {
  /** One series per book, all of the same market and outcome. */
  series: readonly LineSeries[];
  /** Plot the point (spread, total) rather than the price. */
  valueOf: 'point' | 'price';
}

const timeLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric' });

/** How many days before the latest quote the chart shows in full; earlier moves collapse into the opening line. */
export const RECENT_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The moments the chart plots: the opening quote, pinned at the left, then every quote of the last
 * RECENT_DAYS before the newest one. Weeks of a quiet line in between would otherwise squeeze the moves that
 * matter into the right edge.
 */
export function chartMoments(times: readonly number[]): number[] {
  const sorted = [...new Set(times)].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const since = sorted[sorted.length - 1]! - RECENT_DAYS * DAY_MS;
  return sorted.filter((at, index) => index === 0 || at >= since);
}

/** Value-axis ticks on half points (or whole multiples of them when the range is wide), covering min–max. */
export function halfPointTicks(min: number, max: number): number[] {
  const low = Math.floor(min * 2) / 2 - 0.5;
  const high = Math.ceil(max * 2) / 2 + 0.5;
  const halves = Math.round((high - low) * 2);
  const step = Math.max(1, Math.ceil(halves / 10)) / 2;
  const ticks: number[] = [];
  const first = Math.floor(low / step);
  // Counted in steps, not summed, so no tick drifts off its half point; `+ 0` turns −0 into 0.
  for (let index = first; index * step <= high + 1e-9; index += 1) ticks.push(Math.round(index * step * 2) / 2 + 0);
  return ticks;
}

/** How each book's line moved over time (recharts, loaded with its screen only). */
export default function LineHistoryChart({ series, valueOf }: LineHistoryChartProps) {
  // Every book's value at every moment: a book's last quote holds until it moves.
  const times = series.flatMap((line) => line.quotes.map((quote) => Date.parse(quote.fetched_at)));
  const moments = chartMoments(times);
  // The opening line sits at 0; the last days span 1–10 in proportion to time.
  const latest = moments[moments.length - 1] ?? 0;
  const since = Math.max(moments[0] ?? 0, latest - RECENT_DAYS * DAY_MS);
  const span = Math.max(1, latest - since);
  const pinned = moments.length > 1 && (moments[0] ?? 0) < since;
  const position = (at: number) => (pinned && at < since ? 0 : 1 + (9 * (at - since)) / span);
  const timeAt = (x: number) => (x < 1 ? (moments[0] ?? 0) : since + ((x - 1) / 9) * span);
  const data = moments.map((at) => {
    const row: Record<string, number> = { at, x: position(at) };
    for (const line of series) {
      let value: number | null = null;
      for (const quote of line.quotes) {
        if (Date.parse(quote.fetched_at) > at) continue;
        const quoted = valueOf === 'point' ? quote.point : quote.price;
        if (quoted !== null) value = quoted;
      }
      if (value !== null) row[line.book] = value;
    }
    return row;
  });
  const values = data.flatMap((row) =>
    series.map((line) => row[line.book]).filter((value): value is number => typeof value === 'number'),
  );
  const ticks =
    valueOf === 'point' && values.length > 0 ? halfPointTicks(Math.min(...values), Math.max(...values)) : undefined;
  const label = (x: number) => `${pinned && x < 1 ? 'Open · ' : ''}${timeLabel.format(timeAt(x))}`;
  const xTicks = pinned ? [0, 1, 4, 7, 10] : [1, 4, 7, 10];
  return (
    <ResponsiveContainer width="100%" height={320}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="x"
          type="number"
          domain={[pinned ? 0 : 1, 10]}
          ticks={xTicks}
          interval="preserveStartEnd"
          tickFormatter={(value: number) => label(value)}
          minTickGap={16}
        />
        <YAxis
          domain={ticks ? [ticks[0]!, ticks[ticks.length - 1]!] : ['auto', 'auto']}
          ticks={ticks}
          interval={0}
          width={56}
        />
        <Tooltip labelFormatter={(value) => label(Number(value))} />
        <Legend itemSorter={(item) => series.findIndex((line) => line.book === item.dataKey)} />
        {series.map((line, index) => (
          <Line
            key={line.book}
            type="stepAfter"
            dataKey={line.book}
            name={bookName(line.book)}
            stroke={COLORS[index % COLORS.length]}
            strokeWidth={line.book === 'betus' ? 3 : 1.5}
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
