import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from './billing-keys';
import type { GateResponse } from './types';

/** GET /v1/subscriptions/gated. Spec §7: on a failure is_gated false is used. */
export async function getGate(orgId: string, signal?: AbortSignal): Promise<GateResponse> {
  try {
    const body = await apiRequest<GateResponse>('/subscriptions/gated', { orgId, signal });
    return { is_gated: body?.is_gated === true };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { is_gated: false };
  }
}

// The flag only explains: the server refuses gated calls (402) whatever the screen believes.
export const gateQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: billingKeys.gate(orgId),
    queryFn: ({ signal }) => getGate(orgId, signal),
    staleTime: 60_000,
  });

export function useGate(orgId: string) {
  return useQuery(gateQueryOptions(orgId));
}
