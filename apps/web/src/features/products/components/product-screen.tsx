import { useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { PlatformConnections } from '@/components/ui/platform-connections';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { Currency } from '@/lib/api-types';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/lib/roles';
import { useProduct } from '../api/get-product';
import { CostInput } from './cost-input';
import { ProductSourcePicker } from './product-source-picker';
import { ProductSyncButton } from './product-sync-button';
import { QuantityInput } from './quantity-input';
import { SkuInput } from './sku-input';
import { SkuWritebackDialog } from './sku-writeback-dialog';
import { StockHistory } from './stock-history';
import { VariantListings } from './variant-listings';

const route = getRouteApi('/$org/products/$id');

type ProductScreenProps = { orgId: string; orgName: string; currency: Currency };

export function ProductScreen({ orgId, orgName, currency }: ProductScreenProps) {
  const { id } = route.useParams();
  const { data: product } = useProduct(orgId, id);
  // Variants whose SKUs the write-back dialog previews (null: closed).
  const [sending, setSending] = useState<string[] | null>(null);
  // Viewers see the SKUs the channels hold but send none (the contract's role matrix).
  const canSend = useCan('postV1SkuWriteback');
  return (
    <>
      <Link
        to="/$org/inventory"
        params={{ org: orgName }}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-2' })}
      >
        <ArrowLeft aria-hidden /> Inventory
      </Link>
      <PageHeader
        title={product.title}
        description={`${product.variants.length} ${product.variants.length === 1 ? 'variant' : 'variants'} · ${product.available_qty} available`}
        actions={
          <>
            <Button
              variant="outline"
              disabled={!canSend.allowed}
              title={canSend.reason || undefined}
              onClick={() => setSending(product.variants.map((v) => v.id))}
            >
              Send SKUs to channels
            </Button>
            <ProductSyncButton orgId={orgId} orgName={orgName} product={product} />
            {product.is_synced ? (
              <Badge variant="success">Synced</Badge>
            ) : (
              <Badge variant="info">Not synced</Badge>
            )}
          </>
        }
      />
      <div className="grid gap-8">
        <Table aria-label="Variants">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Title</TableHead>
              <TableHead>SKU</TableHead>
              <TableHead className="text-right">Qty</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead>Cost</TableHead>
              <TableHead>Linked accounts</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {product.variants.map((variant) => (
              <TableRow key={variant.id}>
                <TableCell className="font-medium">{variant.title}</TableCell>
                <TableCell>
                  <SkuInput
                    key={`${variant.id}:${variant.sku}`}
                    orgId={orgId}
                    productId={product.id}
                    variant={variant}
                    onSaved={(variantId) => setSending([variantId])}
                  />
                </TableCell>
                <TableCell className="text-right">
                  <QuantityInput
                    key={variant.id}
                    orgId={orgId}
                    orgName={orgName}
                    productId={product.id}
                    variant={variant}
                  />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {/* A price imported from a channel is in that channel's currency. */}
                  {formatMoney(variant.current_price, variant.price_currency ?? currency)}
                </TableCell>
                <TableCell>
                  <CostInput
                    key={variant.id}
                    orgId={orgId}
                    productId={product.id}
                    variant={variant}
                    currency={currency}
                  />
                </TableCell>
                <TableCell>
                  <PlatformConnections platforms={variant.platforms} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <VariantListings orgId={orgId} product={product} />
        <ProductSourcePicker orgId={orgId} productId={product.id} />
        <StockHistory orgId={orgId} productId={product.id} />
      </div>
      <SkuWritebackDialog
        orgId={orgId}
        variantIds={sending ?? []}
        open={sending !== null}
        onClose={() => setSending(null)}
      />
    </>
  );
}
