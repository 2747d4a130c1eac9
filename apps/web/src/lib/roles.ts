import { accessOf, roleCan, roleMessages, type OperationId, type Role } from '@stocksync/contract';
import { selectedOrganization, useSession } from './session';

/** Whether the current member may call an operation, and if not, the reason to show. */
export type Permission = { allowed: boolean; reason: string };

/** The contract's role matrix for one role (issue 24): the server enforces the same table. */
export function permission(role: Role | undefined, operationId: OperationId): Permission {
  const access = accessOf(operationId);
  if (!role || access === 'public' || access === 'signed_in') return { allowed: true, reason: '' };
  const allowed = roleCan(role, operationId);
  return { allowed, reason: allowed ? '' : roleMessages.disabled(access) };
}

/** `permission` for the signed-in user in the organisation they are working in. */
export function useCan(operationId: OperationId): Permission {
  return permission(selectedOrganization(useSession())?.role, operationId);
}

/**
 * Who may open Billing: those who may see the organisation's Shopify billing sessions (admins and
 * the owner); paying is the owner's alone.
 */
export function billingAccess(role: Role): Permission {
  return permission(role, 'getV1SubscriptionsShopifySessions');
}
