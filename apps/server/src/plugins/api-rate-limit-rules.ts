export interface ApiRateLimits {
  /** Requests per client per minute on the API (/v1 and /docs). */
  perMinute: number;
  /** Requests per IP per minute on /v1/webhooks/* (channels send bursts from few addresses). */
  webhooksPerMinute: number;
}

export const DEFAULT_API_RATE_LIMITS: ApiRateLimits = {
  perMinute: 600,
  webhooksPerMinute: 12_000,
};

/** Which limit a request counts against; none for health checks and the web build's files. */
export function limitOf(url: string): 'api' | 'webhooks' | null {
  if (url === '/v1/health' || url.startsWith('/v1/health?')) return null;
  if (url.startsWith('/v1/webhooks/')) return 'webhooks';
  if (url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?')) return 'api';
  if (url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?')) return 'api';
  return null;
}
