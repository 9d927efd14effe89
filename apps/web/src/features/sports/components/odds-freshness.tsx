import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { timeAgo } from '../lib/format';

/** "Odds updated 5 min ago", kept current while the page is open. */
export function OddsFreshness({ updatedAt }: { updatedAt: Date | null }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!updatedAt) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="odds-freshness">
      Odds updated{' '}
      <time dateTime={updatedAt.toISOString()} title={updatedAt.toLocaleString()}>
        {timeAgo(updatedAt, now)}
      </time>
    </Typography>
  );
}
