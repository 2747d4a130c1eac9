import { useCallback, useEffect } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Download, Package, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadError } from '@/components/layout/load-error';
import { PageHeader } from '@/components/layout/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import { Spinner } from '@/components/ui/spinner';
import { GateNotice } from '@/features/billing';
import { useExportProducts, useProducts } from '@/features/products';
import { pageCountOf } from '@/lib/pages';
import {
  hasFilters,
  PAGE_SIZES,
  toProductListParams,
  toSelectionFilters,
  type InventorySearch,
} from '../inventory-search';
import { InventoryFilters } from './inventory-filters';
import { InventoryTable } from './inventory-table';
import type { InventorySort } from './sortable-header';

const route = getRouteApi('/$org/inventory');

export function InventoryScreen({ orgId, orgName }: { orgId: string; orgName: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = toProductListParams(search);
  const { data, isPending, isError, error, refetch, isPlaceholderData, isFetching } = useProducts(
    orgId,
    params,
  );
  const exportCsv = useExportProducts();

  const setSearch = useCallback(
    (next: Partial<InventorySearch>, resetPage = true) =>
      void navigate({
        search: (prev) => ({ ...prev, ...next, ...(resetPage ? { page: 1 } : {}) }),
      }),
    [navigate],
  );

  // Sorting starts again at page 1; without a sort the URL drops both parameters.
  const onSort = useCallback(
    (sort: InventorySort) =>
      setSearch(
        sort ? { sort: sort.key, order: sort.order } : { sort: undefined, order: undefined },
      ),
    [setSearch],
  );

  // A page past the end (an old link, products deleted meanwhile): the API answers it empty with
  // the real total, so the URL moves to the last page, which is what the footer shows.
  const lastPage = data && !isPlaceholderData ? pageCountOf(data.total, search.pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && search.page > lastPage)
      void navigate({ search: (prev) => ({ ...prev, page: lastPage }), replace: true });
  }, [lastPage, search.page, navigate]);

  const onExport = () =>
    exportCsv.mutate(
      { orgId, params: { ...toSelectionFilters(params), sort: params.sort, order: params.order } },
      { onError: (exportError) => toast.error(`Export failed: ${exportError.message}`) },
    );

  const header = (
    <PageHeader
      title="Inventory"
      description="Products and variants across all your channels."
      actions={
        <div className="flex flex-wrap gap-2">
          <Link
            to="/$org/inventory/sku-conflicts"
            params={{ org: orgName }}
            className={buttonVariants({ variant: 'outline' })}
          >
            <TriangleAlert aria-hidden />
            SKU conflicts
          </Link>
          <Button variant="outline" onClick={onExport} disabled={exportCsv.isPending}>
            {exportCsv.isPending ? <Spinner /> : <Download aria-hidden />}
            Export CSV
          </Button>
        </div>
      }
    />
  );

  if (isPending) {
    return (
      <>
        {header}
        <div className="flex min-h-40 items-center justify-center">
          <Spinner className="size-6 text-muted-foreground" label="Loading products" />
        </div>
      </>
    );
  }

  if (isError) {
    return (
      <>
        {header}
        <LoadError subject="The products" error={error} onRetry={() => void refetch()} />
      </>
    );
  }

  if (data.total === 0 && !hasFilters(search)) {
    return (
      <>
        {header}
        <EmptyState
          icon={Package}
          title="No products yet"
          description="Connect a sales channel and import its catalogue; your products will be listed here."
          action={
            <Link to="/$org/integrations" params={{ org: orgName }} className={buttonVariants()}>
              Connect a sales channel
            </Link>
          }
        />
      </>
    );
  }

  return (
    <>
      {header}
      <div className="grid gap-4">
        <GateNotice orgId={orgId} orgName={orgName} action="Generating SKUs and turning sync on" />
        <InventoryFilters search={search} onChange={setSearch} />
        <InventoryTable
          key={JSON.stringify(params)}
          orgId={orgId}
          orgName={orgName}
          products={data.products}
          total={data.total}
          busy={isPlaceholderData && isFetching}
          empty={
            data.total === 0 ? 'No products match these filters.' : 'No products on this page.'
          }
          filters={toSelectionFilters(params)}
          sort={search.sort && { key: search.sort, order: search.order ?? 'asc' }}
          onSort={onSort}
          footer={(selectedCount) => (
            <DataTablePagination
              page={search.page}
              pageSize={search.pageSize}
              total={data.total}
              itemLabel="products"
              pageSizes={PAGE_SIZES}
              selectedCount={selectedCount}
              onPageChange={(page) => setSearch({ page }, false)}
              onPageSizeChange={(pageSize) => setSearch({ pageSize })}
            />
          )}
        />
      </div>
    </>
  );
}
