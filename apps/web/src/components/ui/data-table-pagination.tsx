import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { clampPage, pageCountOf, pageRange } from '@/lib/pages';
import { Button } from './button';
import { NativeSelect } from './native-select';

type DataTablePaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** Plural noun for the count, e.g. "products". */
  itemLabel: string;
  pageSizes?: readonly number[];
  selectedCount?: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

export function DataTablePagination({
  page,
  pageSize,
  total,
  itemLabel,
  pageSizes = [10, 25, 50, 100],
  selectedCount = 0,
  onPageChange,
  onPageSizeChange,
}: DataTablePaginationProps) {
  const pageCount = pageCountOf(total, pageSize);
  // A page past the end reads as the last one (the screen moves the URL there too).
  const shown = clampPage(page, total, pageSize);
  const { first, last } = pageRange(page, total, pageSize);
  const sizes = pageSizes.includes(pageSize)
    ? pageSizes
    : [...pageSizes, pageSize].sort((a, b) => a - b);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
    >
      <p className="text-muted-foreground" aria-live="polite">
        {selectedCount > 0 ? `${selectedCount} selected · ` : null}
        {total === 0 ? `0 ${itemLabel}` : `${first}–${last} of ${total} ${itemLabel}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-muted-foreground">
          Rows per page
          <NativeSelect
            className="h-8 w-20 pr-6 pl-2"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </label>
        <span className="text-muted-foreground">
          Page {shown} of {pageCount}
        </span>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label="First page"
            disabled={shown <= 1}
            onClick={() => onPageChange(1)}
          >
            <ChevronsLeft />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label="Previous page"
            disabled={shown <= 1}
            onClick={() => onPageChange(shown - 1)}
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label="Next page"
            disabled={shown >= pageCount}
            onClick={() => onPageChange(shown + 1)}
          >
            <ChevronRight />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label="Last page"
            disabled={shown >= pageCount}
            onClick={() => onPageChange(pageCount)}
          >
            <ChevronsRight />
          </Button>
        </div>
      </div>
    </nav>
  );
}
