import { useEffect, useState } from 'react';

/**
 * The time now, refreshed every `everyMs`, for countdowns. The server decides what is locked (each game's
 * `locked`, read again every minute); the countdown only shows how long is left.
 */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
