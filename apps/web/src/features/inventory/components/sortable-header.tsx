import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { ProductSortKey, SortOrder } from '@/features/products';

/** The list's sort as the URL keeps it; undefined: newest first. */
export type InventorySort = { key: ProductSortKey; order: SortOrder } | undefined;

/** Ascending, then descending, then back to the default order (newest first). */
export function nextSort(current: InventorySort, key: ProductSortKey): InventorySort {
  if (current?.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : undefined;
}

/** aria-sort of a sortable column's header. */
export function ariaSort(current: InventorySort, key: ProductSortKey) {
  if (current?.key !== key) return 'none' as const;
  return current.order === 'asc' ? ('ascending' as const) : ('descending' as const);
}

type SortableHeaderProps = {
  label: string;
  sortKey: ProductSortKey;
  sort: InventorySort;
  onSort: (sort: InventorySort) => void;
};

/** A column header that sorts the whole list on the server (issue 22 item 4). */
export function SortableHeader({ label, sortKey, sort, onSort }: SortableHeaderProps) {
  const active = sort?.key === sortKey ? sort.order : undefined;
  const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ChevronsUpDown;
  const next = nextSort(sort, sortKey);
  const hint = next
    ? `Sort by ${label.toLowerCase()}, ${next.order === 'asc' ? 'ascending' : 'descending'}`
    : 'Back to newest first';
  return (
    <button
      type="button"
      onClick={() => onSort(next)}
      title={hint}
      className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      {label}
      <Icon aria-hidden className={active ? 'size-3.5' : 'size-3.5 opacity-50'} />
    </button>
  );
}
