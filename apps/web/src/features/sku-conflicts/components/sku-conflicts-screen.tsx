import { useCallback, useEffect, useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import {
  skuConflictKinds,
  type SkuConflict,
  type SkuConflictFixesApplied,
  type SkuConflictFixesBody,
} from '@stocksync/contract';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadError } from '@/components/layout/load-error';
import { PageHeader } from '@/components/layout/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageCountOf } from '@/lib/pages';
import { useSkuConflicts } from '../api/sku-conflicts';
import {
  CONFLICT_PAGE_SIZES,
  KIND_HELP,
  KIND_LABELS,
  type ConflictFix,
  type ConflictKind,
  type SkuConflictsSearch,
} from '../sku-conflicts-search';
import { ConflictsTable } from './conflicts-table';
import { FixPreviewDialog } from './fix-preview-dialog';

const route = getRouteApi('/$org/inventory_/sku-conflicts');

function KindTabs({
  kind,
  counts,
  onKind,
}: {
  kind: ConflictKind | undefined;
  counts: Record<ConflictKind, number>;
  onKind: (kind: ConflictKind | undefined) => void;
}) {
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const tab = (value: ConflictKind | undefined, label: string, count: number, help?: string) => (
    <Button
      key={value ?? 'all'}
      variant={kind === value ? 'secondary' : 'ghost'}
      aria-pressed={kind === value}
      title={help}
      onClick={() => onKind(value)}
    >
      {label} ({count})
    </Button>
  );
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Kind of conflict">
      {tab(undefined, 'All', all)}
      {skuConflictKinds.map((k) => tab(k, KIND_LABELS[k], counts[k], KIND_HELP[k]))}
    </div>
  );
}

/** Inventory → SKU conflicts (issue 25 item 2): find them by kind, preview fixes, apply them. */
export function SkuConflictsScreen({ orgId, orgName }: { orgId: string; orgName: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data, isPending, isError, error, refetch, isPlaceholderData, isFetching } =
    useSkuConflicts(orgId, search);
  // The fix chosen per conflict, kept across pages; a conflict's first fix until changed.
  const [chosen, setChosen] = useState<Record<string, ConflictFix>>({});
  const [body, setBody] = useState<SkuConflictFixesBody | null>(null);
  const [applied, setApplied] = useState<SkuConflictFixesApplied | null>(null);
  const fixOf = useCallback((c: SkuConflict) => chosen[c.id] ?? c.fixes[0]!, [chosen]);
  const onFix = useCallback(
    (c: SkuConflict, fix: ConflictFix) => setChosen((prev) => ({ ...prev, [c.id]: fix })),
    [],
  );
  const setSearch = useCallback(
    (next: Partial<SkuConflictsSearch>, resetPage = true) =>
      void navigate({
        search: (prev) => ({ ...prev, ...next, ...(resetPage ? { page: 1 } : {}) }),
      }),
    [navigate],
  );
  const lastPage = data && !isPlaceholderData ? pageCountOf(data.total, search.pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && search.page > lastPage)
      void navigate({ search: (prev) => ({ ...prev, page: lastPage }), replace: true });
  }, [lastPage, search.page, navigate]);

  const header = (
    <PageHeader
      title="SKU conflicts"
      description="Duplicate, mismatched and missing SKUs between your products and their channel listings."
      actions={
        <Link
          to="/$org/inventory"
          params={{ org: orgName }}
          className={buttonVariants({ variant: 'outline' })}
        >
          Back to inventory
        </Link>
      }
    />
  );
  if (isPending)
    return (
      <>
        {header}
        <div className="flex min-h-40 items-center justify-center">
          <Spinner className="size-6 text-muted-foreground" label="Loading SKU conflicts" />
        </div>
      </>
    );
  if (isError)
    return (
      <>
        {header}
        <LoadError subject="The SKU conflicts" error={error} onRetry={() => void refetch()} />
      </>
    );
  const all = Object.values(data.counts).reduce((sum, n) => sum + n, 0);
  return (
    <>
      {header}
      <div className="grid gap-4">
        <KindTabs kind={search.kind} counts={data.counts} onKind={(kind) => setSearch({ kind })} />
        {all === 0 ? (
          <EmptyState
            icon={CheckCircle2}
            title="No SKU conflicts"
            description="Every listing holds its variant's SKU, as far as the last import and write-back know."
          />
        ) : (
          <ConflictsTable
            key={JSON.stringify(search)}
            orgName={orgName}
            conflicts={data.conflicts}
            total={data.total}
            kind={search.kind}
            busy={isPlaceholderData && isFetching}
            fixOf={fixOf}
            onFix={onFix}
            onPreview={(next) => {
              setApplied(null);
              setBody(next);
            }}
            footer={(selectedCount) => (
              <DataTablePagination
                page={search.page}
                pageSize={search.pageSize}
                total={data.total}
                itemLabel="conflicts"
                pageSizes={CONFLICT_PAGE_SIZES}
                selectedCount={selectedCount}
                onPageChange={(page) => setSearch({ page }, false)}
                onPageSizeChange={(pageSize) => setSearch({ pageSize })}
              />
            )}
          />
        )}
      </div>
      <FixPreviewDialog
        orgId={orgId}
        body={body}
        applied={applied}
        onApplied={setApplied}
        onClose={() => {
          setBody(null);
          setApplied(null);
        }}
      />
    </>
  );
}
