import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Organization } from '@/lib/api-types';
import { upsertOrganization } from '@/lib/session';
import type { OrganizationSettingsFormValues } from '../schemas';
import { organizationKeys } from './organization-keys';

type UpdateOrganizationInput = { id: string; values: Partial<OrganizationSettingsFormValues> };

/** PATCH /v1/organizations/{id}; the stored account is updated at once (spec §4). */
export async function updateOrganization({ id, values }: UpdateOrganizationInput) {
  const org = await apiRequest<Organization>(`/organizations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: values,
    orgId: id,
  });
  upsertOrganization(org);
  return org;
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
