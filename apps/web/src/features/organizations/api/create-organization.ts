import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Organization } from '@/lib/api-types';
import { setCurrentOrg, upsertOrganization } from '@/lib/session';
import type { OrganizationFormValues } from '../schemas';
import { organizationKeys } from './organization-keys';

/** POST /v1/organizations; the new organisation becomes the current one. */
export async function createOrganization(values: OrganizationFormValues) {
  const org = await apiRequest<Organization>('/organizations', {
    method: 'POST',
    body: values,
    withOrg: false,
  });
  upsertOrganization(org);
  setCurrentOrg(org.id);
  return org;
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.lists() }),
  });
}
