import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { SubscriptionBanner } from '@/features/billing/components/subscription-banner';
import { OrgSwitcher } from '@/features/organizations/components/org-switcher';
import {
  findOrganizationByName,
  getSession,
  isLoggedIn,
  setAccount,
  setCurrentOrg,
} from '@/lib/session';

export const Route = createFileRoute('/$org')({
  beforeLoad: async ({ params, context, preload }) => {
    if (!isLoggedIn()) throw redirect({ to: '/auth/login', replace: true });
    let organization = params.org ? findOrganizationByName(params.org) : null;
    if (!organization) {
      // The stored account may be stale (an organisation created or renamed elsewhere).
      const me = await context.queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      setAccount(me);
      organization = findOrganizationByName(params.org);
    }
    if (!organization) throw notFound();
    // Visiting an organisation selects it; hovering a link to it (preload) must not.
    if (!preload && getSession().currentOrgId !== organization.id) setCurrentOrg(organization.id);
    return { organization };
  },
  component: OrgLayout,
});

function OrgLayout() {
  const { organization } = Route.useRouteContext();
  return (
    <AppShell
      orgName={organization.name}
      orgSwitcher={<OrgSwitcher current={organization} />}
      userMenu={<LogoutButton />}
    >
      <SubscriptionBanner
        key={organization.id}
        orgId={organization.id}
        orgName={organization.name}
      />
      <Outlet />
    </AppShell>
  );
}
