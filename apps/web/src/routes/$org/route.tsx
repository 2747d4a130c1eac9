import { createFileRoute, notFound, Outlet, useMatch } from '@tanstack/react-router';
import { AppShell } from '@/components/layout/app-shell';
import { NotFoundView } from '@/components/layout/not-found';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { SubscriptionBanner } from '@/features/billing/components/subscription-banner';
import { LiveUpdatesNotice, useLiveUpdates } from '@/features/live-updates';
import { OrgSwitcher } from '@/features/organizations/components/org-switcher';
import {
  findOrganizationByName,
  getSession,
  isLoggedIn,
  setAccount,
  setCurrentOrg,
} from '@/lib/session';
import { signInRedirect } from '@/lib/return-path';

export const Route = createFileRoute('/$org')({
  beforeLoad: async ({ params, context, preload, location, matches }) => {
    if (!isLoggedIn()) {
      // Only the first segment matched: no page of the app has this path, signed in or not.
      if (matches.at(-1)?.routeId === '/$org') throw notFound();
      // Signed out: sign in first, then come back to this very page.
      throw signInRedirect(location.href);
    }
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
  // An unknown page of this organisation renders in the layout's outlet, so the sidebar stays.
  notFoundComponent: OrgNotFound,
});

function OrgNotFound() {
  // Also used when the organisation itself is unknown (beforeLoad's notFound): no shell then.
  const insideShell = useMatch({
    from: '/$org',
    shouldThrow: false,
    select: (match) => match.status === 'success',
  });
  return <NotFoundView embedded={insideShell === true} />;
}

function OrgLayout() {
  const { organization } = Route.useRouteContext();
  // Every screen of the organisation follows its changes as they commit.
  useLiveUpdates(organization.id);
  return (
    <AppShell
      orgName={organization.name}
      orgSwitcher={<OrgSwitcher current={organization} />}
      userMenu={<AccountMenu role={organization.role} />}
    >
      <SubscriptionBanner
        key={organization.id}
        orgId={organization.id}
        orgName={organization.name}
      />
      <LiveUpdatesNotice />
      <Outlet />
    </AppShell>
  );
}
