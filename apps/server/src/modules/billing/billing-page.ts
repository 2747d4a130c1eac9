import { billingMessages } from '@stocksync/contract';
import { forbidden } from '../../lib/errors';
import type { OrgContext } from '../../plugins/org-scope';
import type { OrganizationsService } from '../organizations/service';

/** Subscribing and managing payment are for owners and admins. */
export function requireManager(org: OrgContext): void {
  if (org.role === 'member') throw forbidden(billingMessages.managersOnly);
}

export type OrganizationNames = Pick<OrganizationsService, 'name'>;

/** The organisation's name; it exists, as the caller's organisation. */
export async function organizationName(
  organizations: OrganizationNames,
  organizationId: string,
): Promise<string> {
  const name = await organizations.name(organizationId);
  if (name === undefined) throw new Error(`organization ${organizationId} not found`);
  return name;
}

/** The web's billing screen of the organisation, where the providers send the merchant back. */
export async function billingPageUrl(
  organizations: OrganizationNames,
  appUrl: string,
  organizationId: string,
  query: string,
): Promise<string> {
  const name = await organizationName(organizations, organizationId);
  return `${appUrl}/${encodeURIComponent(name)}/settings/billing?${query}`;
}
