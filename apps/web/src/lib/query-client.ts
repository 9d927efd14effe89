import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not change on retry; a network blip or 5xx may.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        // Ask even when the browser says it is offline: the service worker answers the offline screens from
        // what it kept (lib/offline-cache.ts). Retries of a failed request still wait for the network.
        networkMode: 'offlineFirst',
      },
    },
  });
}
