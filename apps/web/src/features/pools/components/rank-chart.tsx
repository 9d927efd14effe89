import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RankPoint } from '../lib/pool-format';

const COLOURS = ['#1565C0', '#2E7D32', '#B00020', '#6A1B9A', '#BF360C', '#00838F', '#5D4037', '#AD1457'];

/** Each member's rank after every week, first place on top (recharts, loaded lazily). */
export default function RankChart({ points, members }: { points: readonly RankPoint[]; members: readonly string[] }) {
  const height = 260;
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      <LineChart data={[...points]} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="week" tickFormatter={(week: number) => `W${week}`} />
        <YAxis reversed allowDecimals={false} domain={[1, Math.max(1, members.length)]} width={32} />
        <Tooltip labelFormatter={(week) => `Week ${String(week)}`} />
        <Legend />
        {members.map((member, index) => (
          <Line
            key={member}
            type="monotone"
            dataKey={member}
            name={member}
            stroke={COLOURS[index % COLOURS.length]}
            dot
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
