import type { TellerResponse } from '@pass/contracts';
import { centsToDollars } from '@pass/domain';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The paper bankroll after each settled bet, from the start (recharts, loaded with its screen only). */
export default function BalanceChart({ teller }: { teller: TellerResponse['data'] }) {
  const data = [
    { label: 'Start', balance: centsToDollars(teller.start_cents) },
    ...teller.history.map((point, index) => ({
      label: `#${index + 1} ${point.settled_at.slice(0, 10)}`,
      balance: centsToDollars(point.balance_cents),
    })),
  ];
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={8} />
        <YAxis width={70} tickFormatter={(value: number) => `$${value}`} domain={['auto', 'auto']} />
        <ReferenceLine y={centsToDollars(teller.start_cents)} stroke="#999" strokeDasharray="4 4" />
        <Tooltip formatter={(value) => [`$${Number(value).toFixed(2)}`, 'Balance']} />
        <Line
          type="monotone"
          dataKey="balance"
          stroke="#1565C0"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
