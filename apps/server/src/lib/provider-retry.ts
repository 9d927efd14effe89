/**
 * Retries of a provider's REST call (PayPal, Google Play): a failure with no answer (time-out, reset), 429 or a
 * 5xx is tried again after a wait that doubles each time; anything else goes back to the caller at once. The
 * caller keeps what makes a retry safe (PayPal's request id on a POST).
 */
export interface ProviderRetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait; it doubles on each further try. */
  baseDelayMs: number;
}

export const DEFAULT_PROVIDER_RETRY: ProviderRetryPolicy = { attempts: 3, baseDelayMs: 500 };

export const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether a provider's failure is worth another try: no answer at all (undefined), 429 or a 5xx. */
export const isRetryableStatus = (status: number | undefined) =>
  status === undefined || status === 429 || status >= 500;

export async function withProviderRetries<T>(
  attempt: () => Promise<T>,
  options: {
    policy: ProviderRetryPolicy;
    /** The HTTP status of a failure the provider's client raised; null for any other error (never retried). */
    statusOf: (error: unknown) => number | undefined | null;
    sleep: (ms: number) => Promise<void>;
    onRetry: (error: unknown, waitMs: number) => void;
  },
): Promise<T> {
  for (let tryNumber = 1; ; tryNumber++) {
    try {
      return await attempt();
    } catch (error) {
      const status = options.statusOf(error);
      if (status === null || !isRetryableStatus(status) || tryNumber >= options.policy.attempts) throw error;
      const waitMs = options.policy.baseDelayMs * 2 ** (tryNumber - 1);
      options.onRetry(error, waitMs);
      await options.sleep(waitMs);
    }
  }
}
