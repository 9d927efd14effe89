import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface RecordBar {
  label: string;
  wins: number;
  losses: number;
  pushes: number;
}

/** Won, lost and pushed entries per group as stacked bars, one row per group (recharts, loaded lazily). */
export default function RecordChart({ rows }: { rows: readonly RecordBar[] }) {
  const height = Math.max(120, rows.length * 28 + 60);
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      <BarChart data={[...rows]} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={88} interval={0} />
        <Tooltip />
        <Legend itemSorter={null} />
        <Bar dataKey="wins" name="Won" stackId="record" fill="#2E7D32" isAnimationActive={false} />
        <Bar dataKey="losses" name="Lost" stackId="record" fill="#B00020" isAnimationActive={false} />
        <Bar dataKey="pushes" name="Push" stackId="record" fill="#757575" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
