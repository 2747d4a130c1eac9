import type { SkuConflictFixListing, SkuWritebackListing } from '@stocksync/contract';
import { SkuListingsTable } from '@/features/products';

/** Which channel listing gets which SKU (eBay's refusal says why), before or after applying. */
export function FixListings({
  listings,
  label,
}: {
  listings: Array<SkuWritebackListing | SkuConflictFixListing>;
  label?: string;
}) {
  if (listings.length === 0)
    return <p className="text-sm text-muted-foreground">No SKU is sent to a channel.</p>;
  return (
    <div className="max-h-72 overflow-auto">
      <SkuListingsTable listings={listings} label={label} />
    </div>
  );
}
