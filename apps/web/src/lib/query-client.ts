import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 3;

function shouldRetry(failureCount: number, error: unknown) {
  // A 4xx answer will not change on retry (except rate limiting); everything else gets 3 retries.
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return false;
  }
  return failureCount < MAX_RETRIES;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
      },
    },
  });
}
