import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/layout/page-header';
import type { Organization } from '@/lib/api-types';
import { billingAccess } from '@/lib/roles';
import { ChannelAccountMenu } from './channel-account-menu';

const TABS = [
  { label: 'Organization', to: '/$org/settings/organization' },
  { label: 'Members', to: '/$org/settings/members' },
  { label: 'Billing', to: '/$org/settings/billing' },
  { label: 'Sku Generator', to: '/$org/settings/sku-generator' },
] as const;

const tabClass =
  'inline-flex items-center border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 data-[status=active]:border-primary data-[status=active]:text-foreground';

export function SettingsLayout({
  organization,
  children,
}: {
  organization: Organization;
  children: ReactNode;
}) {
  const orgName = organization.name;
  return (
    <>
      <PageHeader title="Settings" />
      <div className="grid gap-6 lg:grid-cols-[1fr_14rem]">
        <div className="min-w-0">
          <nav aria-label="Settings" className="mb-6 flex gap-1 overflow-x-auto border-b">
            {TABS.map((tab) =>
              tab.label === 'Billing' && !billingAccess(organization.role).allowed ? (
                <span
                  key={tab.to}
                  aria-disabled="true"
                  title={billingAccess(organization.role).reason}
                  className={`${tabClass} cursor-not-allowed opacity-50`}
                >
                  {tab.label}
                </span>
              ) : (
                <Link
                  key={tab.to}
                  to={tab.to}
                  params={{ org: orgName }}
                  className={tabClass}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  {tab.label}
                </Link>
              ),
            )}
          </nav>
          {children}
        </div>
        <ChannelAccountMenu organization={organization} />
      </div>
    </>
  );
}
