import { Link } from '@tanstack/react-router';
import { CircleCheck, Plug } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { buttonVariants } from '@/components/ui/button';
import type { Organization } from '@/lib/api-types';

type DashboardScreenProps = {
  organization: Organization;
  status?: 'success';
  message?: string;
};

export function DashboardScreen({ organization, status, message }: DashboardScreenProps) {
  return (
    <>
      <PageHeader title="Dashboard" description={`Overview of ${organization.name}`} />
      {status === 'success' ? (
        <div
          role="status"
          className="mb-6 flex items-center gap-2 rounded-md border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm"
        >
          <CircleCheck className="size-4 text-emerald-500" aria-hidden />
          {message || 'Done.'}
        </div>
      ) : null}
      <EmptyState
        icon={Plug}
        title="No sales channels connected yet"
        description="Connect a sales channel to import your catalogue. Stock levels, sales and sync status will show here once products are imported."
        action={
          <Link
            to="/$org/integrations"
            params={{ org: organization.name }}
            className={buttonVariants()}
          >
            Go to integrations
          </Link>
        }
      />
    </>
  );
}
