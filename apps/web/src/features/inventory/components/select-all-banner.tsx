type SelectAllBannerProps = {
  pageCount: number;
  total: number;
  allSelected: boolean;
  onSelectAll: () => void;
  onClear: () => void;
};

const linkButton =
  'font-medium underline underline-offset-4 outline-none hover:text-foreground focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60';

/** Shown when every row of the page is selected and there are more pages. */
export function SelectAllBanner({
  pageCount,
  total,
  allSelected,
  onSelectAll,
  onClear,
}: SelectAllBannerProps) {
  return (
    <p className="rounded-md bg-muted/60 px-3 py-2 text-center text-sm text-muted-foreground">
      {allSelected ? (
        <>
          All {total} products are selected, on every page: Toggle sync and Generate SKUs cover all
          of them.{' '}
          <button type="button" className={linkButton} onClick={onClear}>
            Clear selection
          </button>
        </>
      ) : (
        <>
          All {pageCount} products on this page are selected.{' '}
          <button type="button" className={linkButton} onClick={onSelectAll}>
            Select all {total} products
          </button>
        </>
      )}
    </p>
  );
}
