import type { HealthResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from './api-client';

/**
 * The server clock (docs/decisions/020) as the page sees it: `/api/health` tells the server's time. What the
 * server decides by the date (the current season, the week under way) the page then decides alike, whatever
 * date the device has. Asked again when a screen that uses it opens a minute or more later.
 */
export const serverClockQuery = queryOptions({
  queryKey: ['server-clock'],
  queryFn: async ({ signal }) => (await api.get<HealthResponse>('/api/health', { signal })).time,
  staleTime: 60_000,
});

/**
 * The server's time, as it last said; null while it is being asked. If the server cannot be asked, the
 * device's own clock is the best there is.
 */
export function useServerNow(): Date | null {
  const clock = useQuery(serverClockQuery);
  const [deviceNow] = useState(() => new Date());
  const serverNow = useMemo(() => (clock.data ? new Date(clock.data) : null), [clock.data]);
  if (serverNow && !Number.isNaN(serverNow.getTime())) return serverNow;
  return clock.isError ? deviceNow : null;
}

/**
 * The server's time now, moving: the server's last word carried forward by the device's clock, read again every
 * `everyMs` (a score's age on screen grows while the page stays open). Null while the server is being asked.
 */
export function useMovingServerNow(everyMs = 30_000): Date | null {
  const clock = useQuery(serverClockQuery);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  const told = clock.data ? Date.parse(clock.data) : Number.NaN;
  if (Number.isNaN(told)) return clock.isError ? new Date(deviceNow) : null;
  // The device's time since the server was asked (none when it was asked after the last tick).
  return new Date(told + Math.max(0, deviceNow - clock.dataUpdatedAt));
}
