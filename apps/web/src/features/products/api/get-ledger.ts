import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LedgerResponse } from '@stocksync/contract';
import { productKeys } from './product-keys';

/** GET /v1/products/{id}/ledger?page&pageSize: the product's quantity changes, newest first. */
export function getProductLedger(
  orgId: string,
  id: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiRequest<LedgerResponse>(
    `/products/${encodeURIComponent(id)}/ledger?${query.toString()}`,
    { orgId, signal },
  );
}

export function useProductLedger(orgId: string, id: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: productKeys.ledger(orgId, id, page, pageSize),
    queryFn: ({ signal }) => getProductLedger(orgId, id, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
