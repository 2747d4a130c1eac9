import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Badge } from '@/components/ui/badge';
import { selectionColumn } from '@/components/ui/data-table-selection';
import type { RemoteProduct } from '../api/types';
import { inventoryText } from '../import-format';

/** Spec §2 import table: select, Product title, Synced, Inventory. */
export function useImportColumns(orgName: string) {
  return useMemo<ColumnDef<RemoteProduct>[]>(
    () => [
      selectionColumn<RemoteProduct>((product) => product.title),
      {
        id: 'title',
        header: 'Product title',
        cell: ({ row }) => {
          const { product_id: productId, title } = row.original;
          return productId ? (
            <span className="flex flex-wrap items-center gap-2">
              <Link
                to="/$org/products/$id"
                params={{ org: orgName, id: productId }}
                className="font-medium underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                {title}
              </Link>
              <Badge variant="secondary">Imported</Badge>
            </span>
          ) : (
            <span className="font-medium">{title}</span>
          );
        },
      },
      {
        id: 'synced',
        header: 'Synced',
        cell: ({ row }) =>
          row.original.is_synced ? (
            <Badge variant="success">Synced</Badge>
          ) : (
            <Badge variant="info">Not synced</Badge>
          ),
      },
      {
        id: 'inventory',
        header: 'Inventory',
        meta: { className: 'tabular-nums' },
        cell: ({ row }) => inventoryText(row.original.quantity, row.original.variants),
      },
    ],
    [orgName],
  );
}
