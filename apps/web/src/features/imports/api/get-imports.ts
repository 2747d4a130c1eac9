import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { importKeys } from './import-keys';
import type { ImportsResponse } from './types';

/** GET /v1/imports?pc_id: the connection's imports, newest first. */
export function getImports(orgId: string, pcId: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ pc_id: pcId });
  return apiRequest<ImportsResponse>(`/imports?${query.toString()}`, { orgId, signal });
}

export const importsQueryOptions = (orgId: string, pcId: string) =>
  queryOptions({
    queryKey: importKeys.jobs(orgId, pcId),
    queryFn: ({ signal }) => getImports(orgId, pcId, signal),
    // Only used to pick up an import already running when the screen opens.
    retry: false,
  });

export function useImports(orgId: string, pcId: string) {
  return useQuery(importsQueryOptions(orgId, pcId));
}
