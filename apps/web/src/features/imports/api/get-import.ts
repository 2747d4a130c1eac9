import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { importKeys } from './import-keys';
import type { ImportJob } from './types';

/** GET /v1/imports/{id}: one import job's progress. */
export function getImport(orgId: string, id: string, signal?: AbortSignal) {
  return apiRequest<ImportJob>(`/imports/${encodeURIComponent(id)}`, { orgId, signal });
}

export function isImportActive(job: ImportJob | undefined) {
  return job?.status === 'queued' || job?.status === 'running';
}

export const importQueryOptions = (orgId: string, id: string) =>
  queryOptions({
    queryKey: importKeys.job(orgId, id),
    queryFn: ({ signal }) => getImport(orgId, id, signal),
    // Every second while the job is queued or running, then no more.
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      return query.state.data === undefined || isImportActive(query.state.data) ? 1000 : false;
    },
    refetchIntervalInBackground: true,
  });

export function useImport(orgId: string, id: string | null) {
  return useQuery({ ...importQueryOptions(orgId, id ?? ''), enabled: Boolean(id) });
}
