import { ApiError, apiRequest, isApiError, type ApiRequestOptions } from '@/lib/api-client';

/** Spec §7's error texts of the billing reads. */
export const billingFetchErrors = {
  subscription: 'error fetching subscription',
  plans: 'error fetching subscription plans',
  sessions: 'error fetching sessions',
} as const;

/**
 * A billing read that fails with the spec's text. An HTTP failure stays an ApiError with its
 * status (so 4xx answers are not retried and a 402 is still recognised); the server's own
 * reason is kept as the cause. An aborted request is passed on unchanged.
 */
export async function billingGet<T>(
  path: string,
  orgId: string,
  message: string,
  signal?: AbortSignal,
  options: Pick<ApiRequestOptions, 'ignoreUnauthorized'> = {},
): Promise<T> {
  try {
    return await apiRequest<T>(path, { orgId, signal, ...options });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isApiError(error)) {
      const wrapped = new ApiError(error.status, { error: message });
      wrapped.cause = error;
      throw wrapped;
    }
    throw new Error(message, { cause: error });
  }
}
