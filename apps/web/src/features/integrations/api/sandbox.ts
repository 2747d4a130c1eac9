import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SandboxChangeResponse,
  SandboxListingsResponse,
  SandboxModeResponse,
  SandboxSaleBody,
  SandboxStockBody,
} from '@stocksync/contract';
import { productKeys } from '@/features/products';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';

/** GET /v1/sandbox: the platforms on emulators here and the sandbox Shopify store (not per org). */
export const sandboxModeQueryOptions = () =>
  queryOptions({
    queryKey: [...integrationKeys.all, 'sandbox-mode'] as const,
    queryFn: ({ signal }) =>
      apiRequest<SandboxModeResponse>('/sandbox', { withOrg: false, signal }),
    // Fixed for the server's lifetime.
    staleTime: Infinity,
  });

export function useSandboxMode() {
  return useQuery(sandboxModeQueryOptions());
}

const listingsKey = (orgId: string, pcId: string) =>
  [...integrationKeys.all, orgId, 'sandbox-listings', pcId] as const;

/** GET /v1/connections/{id}/sandbox/listings: what the sandbox account lists. */
export function useSandboxListings(orgId: string, pcId: string) {
  return useQuery({
    queryKey: listingsKey(orgId, pcId),
    queryFn: ({ signal }) =>
      apiRequest<SandboxListingsResponse>(`/connections/${pcId}/sandbox/listings`, {
        orgId,
        signal,
      }),
  });
}

type Change = { kind: 'sale'; body: SandboxSaleBody } | { kind: 'stock'; body: SandboxStockBody };

/**
 * POST /v1/connections/{id}/sandbox/sale|stock. The emulator tells stocksync as the channel
 * would, a moment later: the product queries are marked stale so the next look reads them again.
 */
export function useSandboxChange(orgId: string, pcId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      apiRequest<SandboxChangeResponse>(`/connections/${pcId}/sandbox/${change.kind}`, {
        method: 'POST',
        orgId,
        body: change.body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) });
      // The channel's quantity is read again once the change has had time to arrive.
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: listingsKey(orgId, pcId) }),
        1500,
      );
    },
  });
}
