import type { HealthResponse } from '@pass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
