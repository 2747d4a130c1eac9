import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { SkuConflict } from '@stocksync/contract';
import { Badge } from '@/components/ui/badge';
import { selectionColumn } from '@/components/ui/data-table-selection';
import { NativeSelect } from '@/components/ui/native-select';
import { PlatformLogo } from '@/components/ui/platform-logo';
import { FIX_LABELS, KIND_LABELS, type ConflictFix } from '../sku-conflicts-search';

/** The fix chosen for each conflict (its first proposed fix until changed) and how to change it. */
export type FixChoice = {
  fixOf: (conflict: SkuConflict) => ConflictFix;
  onFix: (conflict: SkuConflict, fix: ConflictFix) => void;
};

export const conflictLabel = (c: SkuConflict) =>
  `${KIND_LABELS[c.kind]} ${c.sku || '(no SKU)'}${c.variant ? ` of ${c.variant.product_title}` : ''}`;

function VariantCell({ orgName, variant }: { orgName: string; variant: SkuConflict['variant'] }) {
  if (!variant) return <span className="text-muted-foreground">One per listing</span>;
  return (
    <Link
      to="/$org/products/$id"
      params={{ org: orgName, id: variant.product_id }}
      className="font-medium hover:underline"
    >
      {variant.product_title}
      {variant.title && variant.title !== 'Default Title' ? ` / ${variant.title}` : ''}
      <span className="ml-2 font-mono text-xs text-muted-foreground">
        {variant.sku || 'no SKU'}
      </span>
    </Link>
  );
}

/** Columns of the conflicts table: select, kind, SKU, variant, listings, the fix to apply. */
export function useConflictColumns(orgName: string, { fixOf, onFix }: FixChoice) {
  return useMemo<ColumnDef<SkuConflict>[]>(
    () => [
      selectionColumn<SkuConflict>(conflictLabel),
      {
        id: 'kind',
        header: 'Conflict',
        cell: ({ row }) => <Badge variant="warning">{KIND_LABELS[row.original.kind]}</Badge>,
      },
      {
        id: 'sku',
        header: 'SKU',
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.sku || 'none'}</span>,
      },
      {
        id: 'variant',
        header: 'Variant',
        cell: ({ row }) => (
          <div className="grid gap-1">
            <VariantCell orgName={orgName} variant={row.original.variant} />
            {row.original.other_variant ? (
              <span className="text-xs text-muted-foreground">
                SKU of {row.original.other_variant.product_title} /{' '}
                {row.original.other_variant.title}
              </span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'listings',
        header: 'Listings',
        cell: ({ row }) => (
          <ul className="grid gap-1 text-sm">
            {row.original.listings.map((l) => (
              <li key={l.listing_id} className="flex items-center gap-2">
                <PlatformLogo platform={l.platform} className="size-4" />
                <span>{l.account}</span>
                <span className="font-mono text-xs">{l.channel_sku || 'no SKU'}</span>
                {row.original.kind === 'duplicate_on_account' ? (
                  <span className="text-xs text-muted-foreground">
                    {l.product_title} / {l.variant_title}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'fix',
        header: 'Fix',
        cell: ({ row }) => (
          <NativeSelect
            aria-label={`Fix for ${conflictLabel(row.original)}`}
            className="h-8 min-w-48"
            value={fixOf(row.original)}
            onChange={(event) => onFix(row.original, event.target.value as ConflictFix)}
          >
            {row.original.fixes.map((fix) => (
              <option key={fix} value={fix}>
                {FIX_LABELS[fix]}
              </option>
            ))}
          </NativeSelect>
        ),
      },
    ],
    [orgName, fixOf, onFix],
  );
}
