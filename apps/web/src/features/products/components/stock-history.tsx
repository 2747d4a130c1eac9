import { useState } from 'react';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useProductLedger } from '../api/get-ledger';
import { exactTime, formatCause, formatDelta } from '../stock';
import { ProductSection } from './product-section';

const PAGE_SIZES = [10, 25, 50, 100] as const;

function deltaClass(delta: number) {
  if (delta > 0) return 'text-emerald-700 dark:text-emerald-300';
  if (delta < 0) return 'text-red-700 dark:text-red-300';
  return 'text-muted-foreground';
}

/** The product's quantity ledger, newest first, a page at a time. */
export function StockHistory({ orgId, productId }: { orgId: string; productId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const query = useProductLedger(orgId, productId, page, pageSize);
  const { data, isPlaceholderData, isFetching } = query;

  return (
    <ProductSection title="Stock history" what="stock history" query={query}>
      {() =>
        !data || data.total === 0 ? (
          <p className="py-3 text-sm text-muted-foreground">No quantity changes yet.</p>
        ) : (
          <div className="grid">
            <Table
              aria-label="Stock history"
              aria-busy={(isPlaceholderData && isFetching) || undefined}
            >
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>When</TableHead>
                  <TableHead>Variant</TableHead>
                  <TableHead className="text-right">Change</TableHead>
                  <TableHead className="text-right">Before → After</TableHead>
                  <TableHead>Cause</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={entry.created_at}>{exactTime(entry.created_at)}</time>
                    </TableCell>
                    <TableCell>
                      <span className="grid">
                        <span className="font-medium">{entry.variant_title}</span>
                        {entry.sku ? (
                          <span className="font-mono text-xs text-muted-foreground">
                            {entry.sku}
                          </span>
                        ) : null}
                      </span>
                    </TableCell>
                    <TableCell
                      className={cn('text-right font-medium tabular-nums', deltaClass(entry.delta))}
                    >
                      {formatDelta(entry.delta)}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {entry.qty_before} → {entry.qty_after}
                    </TableCell>
                    <TableCell>{formatCause(entry)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <DataTablePagination
              page={page}
              pageSize={pageSize}
              total={data.total}
              itemLabel="changes"
              pageSizes={PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </div>
        )
      }
    </ProductSection>
  );
}
