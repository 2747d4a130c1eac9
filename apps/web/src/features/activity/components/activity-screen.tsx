import { getRouteApi, Navigate } from '@tanstack/react-router';
import { History } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadError } from '@/components/layout/load-error';
import { PageHeader } from '@/components/layout/page-header';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import { Spinner } from '@/components/ui/spinner';
import { ACTIVITY_PAGE_SIZES } from '../activity-search';
import { useActivities } from '../api/get-activities';
import { ActivityTable } from './activity-table';
import { MemberFilter } from './member-filter';

const route = getRouteApi('/$org/activity');

export function ActivityScreen({ orgId }: { orgId: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = {
    page: search.page,
    pageSize: search.pageSize,
    ...(search.member ? { userId: search.member } : {}),
  };
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useActivities(
    orgId,
    params,
  );

  const header = (
    <>
      <PageHeader title="Activity" description="Imports, sync runs and other work done for you." />
      <MemberFilter
        orgId={orgId}
        value={search.member}
        onChange={(member) => void navigate({ search: (prev) => ({ ...prev, member, page: 1 }) })}
      />
    </>
  );

  if (isPending) {
    return (
      <>
        {header}
        <div className="flex min-h-40 items-center justify-center">
          <Spinner className="size-6 text-muted-foreground" label="Loading activity" />
        </div>
      </>
    );
  }

  if (isError) {
    return (
      <>
        {header}
        <LoadError subject="The activity" error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  const lastPage = Math.max(1, Math.ceil(data.total / search.pageSize));
  if (!isFetching && search.page > lastPage) {
    // Deleting the last entries of the last page leaves it empty: go to the new last page.
    return <Navigate to="." search={{ ...search, page: lastPage }} replace />;
  }

  if (data.total === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={History}
          title="No activity yet"
          description="Imports, stock updates and SKU generation will be listed here as they happen."
        />
      </>
    );
  }

  return (
    <>
      {header}
      <ActivityTable
        key={`${search.page}-${search.pageSize}`}
        orgId={orgId}
        activities={data.activities}
        busy={isPlaceholderData && isFetching}
        footer={(selectedCount) => (
          <DataTablePagination
            page={search.page}
            pageSize={search.pageSize}
            total={data.total}
            itemLabel="entries"
            pageSizes={ACTIVITY_PAGE_SIZES}
            selectedCount={selectedCount}
            onPageChange={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
            onPageSizeChange={(pageSize) =>
              void navigate({ search: (prev) => ({ ...prev, pageSize, page: 1 }) })
            }
          />
        )}
      />
    </>
  );
}
