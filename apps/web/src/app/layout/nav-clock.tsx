import Typography from '@mui/material/Typography';
import { CLOCK_REFRESH_MS } from '@pass/domain';
import { useEffect, useState } from 'react';

const format = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** The navigation clock, in the viewer's time zone, refreshed every 1.5 s as the specification says. */
export function NavClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Typography
      component="time"
      dateTime={now.toISOString()}
      variant="body2"
      sx={{ whiteSpace: 'nowrap', opacity: 0.9 }}
    >
      {format.format(now)}
    </Typography>
  );
}
