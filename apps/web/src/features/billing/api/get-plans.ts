import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingFetchErrors, billingGet } from './billing-fetch';
import { billingKeys } from './billing-keys';
import type { PlansResponse } from './types';

/** GET /v1/subscriptions/plans: every plan with its price in the organisation's currency. */
export function getPlans(orgId: string, signal?: AbortSignal) {
  return billingGet<PlansResponse>('/subscriptions/plans', orgId, billingFetchErrors.plans, signal);
}

export const plansQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: billingKeys.plans(orgId),
    queryFn: ({ signal }) => getPlans(orgId, signal),
    // Plans change with a release, not while the screen is open.
    staleTime: 5 * 60_000,
  });

export function usePlans(orgId: string) {
  return useQuery(plansQueryOptions(orgId));
}
