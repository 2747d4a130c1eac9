import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Organization } from '@/lib/api-types';
import { organizationKeys } from './organization-keys';

export function getOrganizations() {
  return apiRequest<{ organizations: Organization[] }>('/organizations', { withOrg: false });
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.lists(),
    queryFn: async () => (await getOrganizations()).organizations,
  });

export function useOrganizations() {
  return useSuspenseQuery(organizationsQueryOptions());
}
