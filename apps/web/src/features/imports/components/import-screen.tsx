import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { ChevronLeft, ChevronRight, Download, Search } from 'lucide-react';
import type { Platform } from '@stocksync/contract';
import { LoadError } from '@/components/layout/load-error';
import { PageHeader } from '@/components/layout/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { GateNotice } from '@/features/billing';
import { accountQueryOptions, ConnectionStatusBadge, SandboxBadge } from '@/features/integrations';
import { productKeys } from '@/features/products';
import type { Organization } from '@/lib/api-types';
import { channelName } from '@/lib/channels';
import { useCan } from '@/lib/roles';
import { isImportActive, useImport } from '../api/get-import';
import { useImports } from '../api/get-imports';
import { useRemoteProducts } from '../api/get-remote-products';
import { importKeys } from '../api/import-keys';
import { usePreviewImport } from '../api/preview-import';
import { useStartImport } from '../api/start-import';
import type { RemoteProduct } from '../api/types';
import { ImportPreviewDialog } from './import-preview-dialog';
import { ImportProgress } from './import-progress';
import { ImportRules } from './import-rules';
import { ImportTable } from './import-table';

type ImportScreenProps = { organization: Organization; platform: Platform; alias: string };

/** Spec §2: a connected account's catalogue, to import selected products or all of them. */
export function ImportScreen({ organization, platform, alias }: ImportScreenProps) {
  const orgId = organization.id;
  const queryClient = useQueryClient();
  const { data: account } = useSuspenseQuery(accountQueryOptions(orgId, platform, alias));
  const pcId = account.platform_connection_id;
  const name = channelName(platform);

  const [searchDraft, setSearchDraft] = useState('');
  const [search, setSearch] = useState('');
  // Cursors of the pages after the first that were visited, so Previous can go back.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const products = useRemoteProducts(orgId, { pcId, cursor, search: search || undefined });

  const start = useStartImport(organization.name);
  // Importing is for members and up (the contract's role matrix); viewers browse and are told why.
  const canImport = useCan('postV1ImportByPlatform');
  const roleNoteId = useId();
  const [startedId, setStartedId] = useState<string | null>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  // Selected external ids, kept across pages and searches until imported or cleared.
  const [selection, setSelection] = useState<RowSelectionState>({});
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  // What the dry run previews: the selected products or the whole catalogue.
  const [previewing, setPreviewing] = useState<{ productIds: string[] } | { all: true } | null>(
    null,
  );
  const preview = usePreviewImport();
  // An import already running when the screen opens is picked up and followed too.
  const imports = useImports(orgId, pcId);
  // Else the latest import that can still be undone, so its Undo stays at hand.
  const latest = imports.data?.imports;
  const runningId =
    latest?.find(isImportActive)?.id ?? latest?.find((i) => i.undo_until)?.id ?? null;
  const importId = startedId ?? runningId;
  const job = useImport(orgId, importId);

  // When the followed import ends: the list shows what is now imported, and the inventory's
  // cached pages are stale.
  const lastStatus = useRef<string | undefined>(undefined);
  const jobStatus = job.data?.status;
  useEffect(() => {
    const was = lastStatus.current;
    lastStatus.current = jobStatus;
    const ended = jobStatus === 'completed' || jobStatus === 'failed';
    if (!ended || was === jobStatus) return;
    void queryClient.invalidateQueries({ queryKey: importKeys.remoteProductLists(orgId, pcId) });
    void queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) });
  }, [jobStatus, orgId, pcId, queryClient]);

  const jobActive = isImportActive(job.data);
  const importBlocked = !canImport.allowed || start.isPending || jobActive;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchDraft.trim());
    setCursors([]);
  };

  const runPreview = (input: { productIds: string[] } | { all: true }) =>
    preview.mutate({ orgId, platform, pcId, ...input });
  const openPreview = (input: { productIds: string[] } | { all: true }) => {
    setPreviewing(input);
    preview.reset();
    runPreview(input);
  };

  const begin = (input: { productIds: string[] } | { all: true }, writeBackSkus: boolean) =>
    start.mutate(
      { orgId, platform, pcId, ...input, writeBackSkus },
      {
        onSuccess: ({ import_id: id }) => {
          setStartedId(id);
          setDismissedId(null);
          setPreviewing(null);
          if ('productIds' in input) setSelection({});
        },
        // The toast says why (with the way to billing when gated).
        onError: () => setPreviewing(null),
      },
    );

  const header = (
    <PageHeader
      title={`Import from ${account.alias}`}
      description={`Choose products of this ${name} account to bring into stocksync. Products already imported are marked and link to their page.`}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <ConnectionStatusBadge status={account.status} />
          {account.sandbox ? <SandboxBadge /> : null}
          <Link
            to="/$org/integrations/$platform/$alias/account"
            params={{ org: organization.name, platform, alias }}
            className={buttonVariants({ size: 'sm', variant: 'outline' })}
          >
            Account
          </Link>
        </div>
      }
    />
  );

  const list = products.data;
  const showProgress = job.data && job.data.id !== dismissedId;

  return (
    <>
      {header}
      <div className="grid gap-4">
        <GateNotice orgId={orgId} orgName={organization.name} action="Importing products" />
        <ImportRules channel={name} />
        {showProgress && job.data ? (
          <ImportProgress
            orgId={orgId}
            job={job.data}
            onDismiss={() => setDismissedId(job.data.id)}
          />
        ) : null}

        <form role="search" onSubmit={onSearch} className="flex max-w-md gap-2">
          <label htmlFor="remote-search" className="sr-only">
            Search products on {account.alias}
          </label>
          <Input
            id="remote-search"
            type="search"
            placeholder={`Search ${name} products`}
            value={searchDraft}
            onChange={(event) => setSearchDraft(event.target.value)}
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden />
            Search
          </Button>
        </form>

        {products.isPending ? (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner className="size-6 text-muted-foreground" label="Loading products" />
          </div>
        ) : products.isError && !list ? (
          <LoadError
            subject={`The products of ${account.alias}`}
            error={products.error}
            onRetry={() => void products.refetch()}
          />
        ) : list ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                disabled={selectedIds.length === 0 || importBlocked}
                aria-describedby={canImport.allowed ? undefined : roleNoteId}
                onClick={() => openPreview({ productIds: selectedIds })}
              >
                <Download aria-hidden />
                Import selected
                {selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
              </Button>
              <Button
                variant="outline"
                disabled={importBlocked || list.products.length === 0}
                aria-describedby={canImport.allowed ? undefined : roleNoteId}
                onClick={() => openPreview({ all: true })}
              >
                Import all
              </Button>
              {selectedIds.length > 0 ? (
                <Button variant="ghost" onClick={() => setSelection({})}>
                  Clear selection
                </Button>
              ) : null}
              {canImport.allowed ? null : (
                <span id={roleNoteId} className="text-sm text-muted-foreground">
                  {canImport.reason}
                </span>
              )}
              {jobActive ? (
                <span className="text-sm text-muted-foreground">
                  An import is running; start another when it has finished.
                </span>
              ) : null}
            </div>
            <ImportTable
              orgName={organization.name}
              products={list.products}
              busy={products.isPlaceholderData && products.isFetching}
              selection={selection}
              onSelectionChange={setSelection}
              empty={
                search
                  ? `No products of ${account.alias} match “${search}”.`
                  : `${account.alias} has no products to import.`
              }
            />
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
              <span className="text-muted-foreground">
                Page {cursors.length + 1}: {pageCount(list.products)}
                {selectedIds.length > 0 ? `; ${selectedIds.length} selected on all pages` : ''}
              </span>
              <div className="flex gap-1">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={cursors.length === 0}
                  onClick={() => setCursors((stack) => stack.slice(0, -1))}
                >
                  <ChevronLeft aria-hidden />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!list.next_cursor || products.isPlaceholderData}
                  onClick={() => {
                    const next = list.next_cursor;
                    if (next) setCursors((stack) => [...stack, next]);
                  }}
                >
                  Next
                  <ChevronRight aria-hidden />
                </Button>
              </div>
            </nav>
          </>
        ) : null}
      </div>

      <ImportPreviewDialog
        open={previewing !== null}
        title={
          previewing && 'all' in previewing
            ? `Import every product of ${account.alias}?`
            : `Import ${selectedIds.length} selected ${selectedIds.length === 1 ? 'product' : 'products'}?`
        }
        preview={preview.data}
        error={preview.error}
        onRetry={() => previewing && runPreview(previewing)}
        starting={start.isPending}
        onImport={(writeBackSkus) => previewing && begin(previewing, writeBackSkus)}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}

/** "10 products, 3 already imported". */
function pageCount(products: RemoteProduct[]): string {
  const imported = products.filter((p) => p.product_id !== null).length;
  const count = `${products.length} ${products.length === 1 ? 'product' : 'products'}`;
  return imported > 0 ? `${count}, ${imported} already imported` : count;
}
