import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Account } from '@/lib/api-types';

export function getMe() {
  return apiRequest<Account>('/users/me', { withOrg: false });
}

export const meQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
