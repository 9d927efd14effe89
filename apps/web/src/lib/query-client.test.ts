import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

type RetryFunction = (failureCount: number, error: unknown) => boolean;

function retryOf(): RetryFunction {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== 'function') throw new Error('expected a retry function');
  return retry as RetryFunction;
}

describe('createQueryClient', () => {
  it('does not retry a 4xx answer', () => {
    const retry = retryOf();
    expect(retry(0, new ApiError(404, null))).toBe(false);
    expect(retry(0, new ApiError(401, null))).toBe(false);
  });

  it('retries a 5xx answer or a network failure twice at most', () => {
    const retry = retryOf();
    for (const error of [new ApiError(503, null), new TypeError('Failed to fetch')]) {
      expect(retry(0, error)).toBe(true);
      expect(retry(1, error)).toBe(true);
      expect(retry(2, error)).toBe(false);
    }
  });

  it('does not refetch on window focus', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('asks even when the browser says it is offline, so the service worker can answer from its copy', async () => {
    onlineManager.setOnline(false);
    try {
      const client = createQueryClient();
      await expect(
        client.fetchQuery({ queryKey: ['kept'], queryFn: () => Promise.resolve('from the worker') }),
      ).resolves.toBe('from the worker');
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
