import type { SkuConflictFixesApplied } from '@stocksync/contract';
import { Badge } from '@/components/ui/badge';
import { DialogDescription } from '@/components/ui/dialog';
import { FIX_LABELS, KIND_LABELS } from '../sku-conflicts-search';
import { FixListings } from './fix-listings';

const STATUS_TEXT = { applied: 'Fixed', gone: 'Already gone', failed: 'Failed' } as const;
const STATUS_VARIANT = { applied: 'success', gone: 'secondary', failed: 'destructive' } as const;

/** The result per conflict, and what was queued for each channel listing. */
export function FixResults({ result }: { result: SkuConflictFixesApplied }) {
  const fixed = result.items.filter((i) => i.status === 'applied').length;
  return (
    <>
      <DialogDescription>
        {fixed} of {result.items.length} conflicts fixed; {result.queued} SKUs queued for the
        channels, {result.refused} not sent.
      </DialogDescription>
      <ul aria-label="Results" className="grid max-h-56 gap-2 overflow-auto text-sm">
        {result.items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2"
          >
            <Badge variant={STATUS_VARIANT[item.status]}>{STATUS_TEXT[item.status]}</Badge>
            <span>
              {KIND_LABELS[item.kind]}: {FIX_LABELS[item.fix]}
            </span>
            {item.message ? <span className="text-muted-foreground">{item.message}</span> : null}
          </li>
        ))}
      </ul>
      <FixListings listings={result.listings} label="SKUs sent per listing" />
      {result.remaining > 0 ? (
        <p className="text-sm text-muted-foreground">
          {result.remaining} more conflicts are left: preview and apply again for the next ones.
        </p>
      ) : null}
    </>
  );
}
