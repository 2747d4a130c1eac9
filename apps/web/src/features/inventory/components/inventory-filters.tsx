import { useEffect, useState } from 'react';
import { Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { cleanSearchText, hasFilters, type InventorySearch } from '../inventory-search';

type Filters = Pick<InventorySearch, 'search' | 'synced' | 'missingSku' | 'missingCost' | 'stock'>;

type InventoryFiltersProps = {
  search: InventorySearch;
  onChange: (filters: Partial<Filters>) => void;
};

const SEARCH_DEBOUNCE_MS = 300;

/** Search box and filters; every value lives in the URL. */
export function InventoryFilters({ search, onChange }: InventoryFiltersProps) {
  const urlText = search.search ?? '';
  const [text, setText] = useState(urlText);
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  const [pushedText, setPushedText] = useState(urlText);
  // Follow URL changes made elsewhere (back button, "Clear filters"), not the echo of our own.
  if (urlText !== seenUrlText) {
    setSeenUrlText(urlText);
    if (urlText !== pushedText) {
      setText(urlText);
      setPushedText(urlText);
    }
  }

  useEffect(() => {
    const trimmed = cleanSearchText(text);
    if (trimmed === pushedText) return;
    const timer = setTimeout(() => {
      setPushedText(trimmed);
      onChange({ search: trimmed || undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, pushedText, onChange]);

  const syncedValue = search.synced === undefined ? 'all' : search.synced ? 'true' : 'false';

  return (
    <div role="search" className="flex flex-wrap items-center gap-2">
      <div className="relative w-full sm:w-72">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search products by title or SKU"
          placeholder="Search title or SKU"
          className="pl-8"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <NativeSelect
        aria-label="Sync state"
        className="w-40"
        value={syncedValue}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ synced: value === 'all' ? undefined : value === 'true' });
        }}
      >
        <option value="all">All sync states</option>
        <option value="true">Synced</option>
        <option value="false">Not synced</option>
      </NativeSelect>
      <NativeSelect
        aria-label="Stock level"
        className="w-40"
        value={search.stock ?? 'all'}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ stock: value === 'oversold' || value === 'low' ? value : undefined });
        }}
      >
        <option value="all">All stock levels</option>
        <option value="low">Low stock</option>
        <option value="oversold">Oversold</option>
      </NativeSelect>
      <label className="flex h-9 items-center gap-2 rounded-md border border-input px-3 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={Boolean(search.missingSku)}
          onChange={(event) => onChange({ missingSku: event.target.checked ? true : undefined })}
        />
        Missing SKUs only
      </label>
      <label className="flex h-9 items-center gap-2 rounded-md border border-input px-3 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={Boolean(search.missingCost)}
          onChange={(event) => onChange({ missingCost: event.target.checked ? true : undefined })}
        />
        Missing cost only
      </label>
      {hasFilters(search) ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            onChange({
              search: undefined,
              synced: undefined,
              missingSku: undefined,
              missingCost: undefined,
              stock: undefined,
            })
          }
        >
          <X aria-hidden /> Clear filters
        </Button>
      ) : null}
    </div>
  );
}
