import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/layout/page-header';

const TABS = [
  { label: 'Organization', to: '/$org/settings/organization' },
  { label: 'Billing', to: '/$org/settings/billing' },
  { label: 'Sku Generator', to: '/$org/settings/sku-generator' },
] as const;

const tabClass =
  'inline-flex items-center border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 data-[status=active]:border-primary data-[status=active]:text-foreground';

export function SettingsLayout({ orgName, children }: { orgName: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title="Settings" />
      <div className="grid gap-6 lg:grid-cols-[1fr_14rem]">
        <div className="min-w-0">
          <nav aria-label="Settings" className="mb-6 flex gap-1 overflow-x-auto border-b">
            {TABS.map((tab) => (
              <Link
                key={tab.to}
                to={tab.to}
                params={{ org: orgName }}
                className={tabClass}
                activeProps={{ 'aria-current': 'page' }}
              >
                {tab.label}
              </Link>
            ))}
          </nav>
          {children}
        </div>
        <aside aria-label="Channel accounts" className="grid content-start gap-2 text-sm">
          <h2 className="font-medium">Channel accounts</h2>
          {/* Spec §2: Account (../account) and Import (../import) belong to a connected account.
              No accounts can be connected yet, so both lead to the integrations screen. */}
          <Link
            to="/$org/integrations"
            params={{ org: orgName }}
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Account
          </Link>
          <Link
            to="/$org/integrations"
            params={{ org: orgName }}
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Import
          </Link>
          <p className="text-xs text-muted-foreground">
            Account details and imports open from a connected sales channel.
          </p>
        </aside>
      </div>
    </>
  );
}
