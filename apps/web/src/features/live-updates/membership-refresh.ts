import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@stocksync/contract';
import { toast } from 'sonner';
import { meQueryOptions } from '@/features/auth';
import { memberKeys } from '@/features/members';
import { organizationKeys } from '@/features/organizations';
import { getSession, setAccount } from '@/lib/session';

/** One toast per organisation for a membership's end, whether the user left or was removed. */
export const membershipToastId = (orgId: string) => `membership-${orgId}`;

/** The signed-in user's role in an organisation before and after (none: not a member). */
export type MembershipNow = { name: string; before: Role | undefined; now: Role | undefined };

/**
 * Reads who the signed-in user is again (GET /v1/users/me) after their membership of `orgId`
 * changed: the stored account, which every control's role check reads (lib/roles.ts), follows
 * their role now, and the lists of organisations, members and invitations are refetched.
 */
export async function reloadMembership(
  queryClient: QueryClient,
  orgId: string,
): Promise<MembershipNow> {
  const before = getSession().account?.orgs.find((org) => org.id === orgId);
  const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
  setAccount(me);
  const now = me.orgs.find((org) => org.id === orgId);
  await Promise.all(
    [organizationKeys.all, memberKeys.members(orgId), memberKeys.invitations(orgId)].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
  return { name: now?.name ?? before?.name ?? '', before: before?.role, now: now?.role };
}

/** What the organisation's screens do once the user's membership changed. */
export interface MembershipScreens {
  /** Loads the routes again (their context holds the organisation with the user's role). */
  refresh(): Promise<unknown>;
  /** Leaves the organisation's screens for the start page. */
  leave(): Promise<unknown>;
}

/**
 * A new role is said and the screens follow it; a member who was removed is told they no longer
 * have access and taken to the start page (another organisation of theirs, or onboarding), which
 * also ends this organisation's stream, so nothing keeps retrying it.
 */
export async function followMembership(
  queryClient: QueryClient,
  orgId: string,
  screens: MembershipScreens,
): Promise<void> {
  const { name, before, now } = await reloadMembership(queryClient, orgId);
  if (!now) {
    toast.error(`You no longer have access to ${name}`, {
      id: membershipToastId(orgId),
      description: 'Ask one of its admins for a new invitation to come back.',
    });
    await screens.leave();
    return;
  }
  if (now !== before) {
    toast.info(`Your role in ${name} is now ${now}`, { id: membershipToastId(orgId) });
  }
  await screens.refresh();
}
