import type { OrganizationsService } from '../organizations/service';

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
