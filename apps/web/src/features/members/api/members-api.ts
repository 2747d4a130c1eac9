import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationResponse,
  Invitation,
  InvitationPreview,
  ListInvitationsResponse,
  ListMembersResponse,
  Role,
} from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';

// Members and invitations of one organisation (issue 24); the organisation is in the path.
export const memberKeys = {
  members: (orgId: string) => ['members', orgId] as const,
  invitations: (orgId: string) => ['invitations', orgId] as const,
};

const base = (orgId: string) => `/organizations/${orgId}`;

export const membersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: memberKeys.members(orgId),
    queryFn: ({ signal }) =>
      apiRequest<ListMembersResponse>(`${base(orgId)}/members`, { signal, withOrg: false }),
  });

export function useMembers(orgId: string) {
  return useQuery(membersQueryOptions(orgId));
}

export function useInvitations(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.invitations(orgId),
    queryFn: ({ signal }) =>
      apiRequest<ListInvitationsResponse>(`${base(orgId)}/invitations`, {
        signal,
        withOrg: false,
      }),
    enabled,
  });
}

/** Every change to members or invitations refreshes both lists. */
function useMemberMutation<T>(orgId: string, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.members(orgId) }),
        queryClient.invalidateQueries({ queryKey: memberKeys.invitations(orgId) }),
      ]),
  });
}

export function useInvite(orgId: string) {
  return useMemberMutation(orgId, (body: { email: string; role: Role }) =>
    apiRequest<Invitation>(`${base(orgId)}/invitations`, { method: 'POST', body, withOrg: false }),
  );
}

export function useRevokeInvitation(orgId: string) {
  return useMemberMutation(orgId, (invitationId: string) =>
    apiRequest<null>(`${base(orgId)}/invitations/${invitationId}`, {
      method: 'DELETE',
      withOrg: false,
    }),
  );
}

export function useChangeRole(orgId: string) {
  return useMemberMutation(orgId, ({ userId, role }: { userId: string; role: Role }) =>
    apiRequest<null>(`${base(orgId)}/members/${userId}`, {
      method: 'PATCH',
      body: { role },
      withOrg: false,
    }),
  );
}

export function useRemoveMember(orgId: string) {
  return useMemberMutation(orgId, (userId: string) =>
    apiRequest<null>(`${base(orgId)}/members/${userId}`, { method: 'DELETE', withOrg: false }),
  );
}

export function useTransferOwnership(orgId: string) {
  return useMemberMutation(orgId, (userId: string) =>
    apiRequest<null>(`${base(orgId)}/transfer-ownership`, {
      method: 'POST',
      body: { userId },
      withOrg: false,
    }),
  );
}

export function leaveOrganization(orgId: string) {
  return apiRequest<null>(`${base(orgId)}/leave`, { method: 'POST', withOrg: false });
}

export function previewInvitation(token: string) {
  return apiRequest<InvitationPreview>('/invitations/preview', {
    method: 'POST',
    body: { token },
    withOrg: false,
    ignoreUnauthorized: true,
  });
}

export function acceptInvitation(token: string) {
  return apiRequest<AcceptInvitationResponse>('/invitations/accept', {
    method: 'POST',
    body: { token },
    withOrg: false,
  });
}
