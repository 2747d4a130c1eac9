/* HTTP load from autocannon with request times to a fraction of a millisecond. */
import autocannon from 'autocannon';

export interface LoadRow {
  p50: number;
  p99: number;
  mean: number;
  /** clients / (requests per second), in ms: Little's law, the cross-check of `mean`. */
  littleMean: number;
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** p50, p99 and mean of request times in ms (fractional). */
export function summarise(latencies: number[]): { p50: number; p99: number; mean: number } {
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
  };
}

/** Mean time per request in ms by Little's law, for clients each running requests back to back. */
export const littleMean = (clients: number, seconds: number, completed: number): number =>
  (clients * seconds * 1000) / Math.max(1, completed);

/**
 * `clients` connections each sending GET `path()` (or POST with `body()` as JSON) back to back for
 * `seconds`. Request times come
 * from autocannon's 'response' events, which carry each request's time in fractional milliseconds
 * (its own hrtime from write to complete response); the histogram in its result holds whole
 * milliseconds, so a 0.9 ms request counted as 0 there and the mean at 1 client came out at a
 * third of the truth.
 */
export async function load(options: {
  url: string;
  headers: Record<string, string>;
  path: () => string;
  body?: () => string;
  clients: number;
  seconds: number;
}): Promise<LoadRow> {
  const { body } = options;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.clients,
        duration: options.seconds,
        headers: body
          ? { ...options.headers, 'content-type': 'application/json' }
          : options.headers,
        requests: [
          {
            method: body ? 'POST' : 'GET',
            setupRequest: (request) => ({
              ...request,
              path: options.path(),
              ...(body ? { body: body() } : {}),
            }),
          },
        ],
      },
      (error: unknown, done: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
  return {
    ...summarise(latencies),
    rps: result.requests.total / result.duration,
    littleMean: littleMean(options.clients, result.duration, result.requests.total),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
