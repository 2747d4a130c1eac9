import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';

// Keys carry the organisation: the summary answers per organisation (X-Organization-Id).
export const analyticsKeys = {
  all: (orgId: string) => ['analytics', orgId] as const,
  summary: (orgId: string, from: string, to: string) =>
    [...analyticsKeys.all(orgId), 'summary', from, to] as const,
};

/** GET /v1/analytics/summary?from&to. */
export function summaryQueryOptions(orgId: string, from: string, to: string) {
  const query = new URLSearchParams({ from, to });
  return queryOptions({
    queryKey: analyticsKeys.summary(orgId, from, to),
    queryFn: () => apiRequest<AnalyticsSummary>(`/analytics/summary?${query}`, { orgId }),
    // The previous range's figures stay on screen while another loads.
    placeholderData: (previous) => previous,
  });
}

export function useAnalyticsSummary(orgId: string, from: string, to: string) {
  return useQuery(summaryQueryOptions(orgId, from, to));
}
