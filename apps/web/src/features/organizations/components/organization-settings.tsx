import type { Organization } from '@/lib/api-types';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationForm } from './organization-form';

export function OrganizationSettings({ organization }: { organization: Organization }) {
  const { data: organizations } = useOrganizations();
  const fresh = organizations.find((org) => org.id === organization.id) ?? organization;
  return <OrganizationForm organization={fresh} />;
}
