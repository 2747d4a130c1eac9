import { ChannelError, RateLimitedError } from './errors';

export interface RetryOptions {
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** First back-off for transient errors, doubled each time (default 500 ms). */
  baseDelayMs?: number;
  /** Upper bound of one wait (default 30 s). */
  maxDelayMs?: number;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` again on retryable channel errors: after `retryAfterMs` for rate limits, with
 * exponential back-off otherwise. Non-retryable errors and the last failure are rethrown.
 * For short in-request retries only; durable retrying belongs to the job queue.
 */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof ChannelError) || !error.retryable || attempt >= attempts) throw error;
      const wait =
        error instanceof RateLimitedError ? error.retryAfterMs : base * 2 ** (attempt - 1);
      await sleep(Math.min(wait, max));
    }
  }
}
