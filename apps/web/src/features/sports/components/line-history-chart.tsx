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

/** How each book's line moved over time (recharts, loaded with its screen only). */
export default function LineHistoryChart({ series, valueOf }: LineHistoryChartProps) {
  const rows = new Map<number, Record<string, number>>();
  for (const line of series) {
    for (const quote of line.quotes) {
      const at = Date.parse(quote.fetched_at);
      const value = valueOf === 'point' ? quote.point : quote.price;
      if (value === null) continue;
      const row = rows.get(at) ?? { at };
      row[line.book] = value;
      rows.set(at, row);
    }
  }
  const data = [...rows.values()].sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  return (
    <ResponsiveContainer width="100%" height={320}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(value: number) => timeLabel.format(value)}
          minTickGap={24}
          tickCount={6}
        />
        <YAxis domain={['auto', 'auto']} width={56} />
        <Tooltip labelFormatter={(value) => timeLabel.format(Number(value))} />
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
