import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/** POST /v1/auth/logout; its errors are only logged (spec §7). The local session always ends. */
export async function logout() {
  try {
    await apiRequest<null>('/auth/logout', {
      method: 'POST',
      withOrg: false,
      ignoreUnauthorized: true,
    });
  } catch (error) {
    console.error('Logout request failed', error);
  } finally {
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
