import type { ProductListParams } from './types';

// Keys carry the organisation: these calls answer per organisation (X-Organization-Id).
export const productKeys = {
  all: (orgId: string) => ['products', orgId] as const,
  lists: (orgId: string) => [...productKeys.all(orgId), 'list'] as const,
  list: (orgId: string, params: ProductListParams) =>
    [...productKeys.lists(orgId), params] as const,
  details: (orgId: string) => [...productKeys.all(orgId), 'detail'] as const,
  detail: (orgId: string, id: string) => [...productKeys.details(orgId), id] as const,
  listings: (orgId: string, id: string) => [...productKeys.detail(orgId, id), 'listings'] as const,
  ledger: (orgId: string, id: string, page: number, pageSize: number) =>
    [...productKeys.detail(orgId, id), 'ledger', { page, pageSize }] as const,
  syncPreview: (orgId: string, ids: readonly string[]) =>
    [...productKeys.all(orgId), 'sync-preview', [...ids].sort()] as const,
};
