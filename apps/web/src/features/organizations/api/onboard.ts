import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Account } from '@/lib/api-types';
import { setAccount, setCurrentOrg } from '@/lib/session';
import type { OnboardFormValues } from '../schemas';
import { organizationKeys } from './organization-keys';

/** POST /v1/users/onboard names the first organisation and sets its currency. */
export async function onboard(values: OnboardFormValues) {
  const { user } = await apiRequest<{ user: Account }>('/users/onboard', {
    method: 'POST',
    body: values,
    withOrg: false,
  });
  setAccount(user);
  setCurrentOrg(user.orgs[0]?.id ?? null);
  return user;
}

export function useOnboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: onboard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
