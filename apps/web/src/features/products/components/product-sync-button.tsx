import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SyncDialog } from '@/features/inventory';
import { useCan } from '@/lib/roles';
import { useToggleProductSync } from '../api/toggle-product-sync';
import type { ProductDetail } from '../api/types';

type ProductSyncButtonProps = { orgId: string; orgName: string; product: ProductDetail };

/**
 * The product's sync on or off, asked as the inventory's Toggle sync asks (turning it on shows the
 * channel quantities it will set first). Members and up; a viewer is told which role it needs.
 */
export function ProductSyncButton({ orgId, orgName, product }: ProductSyncButtonProps) {
  const [asking, setAsking] = useState(false);
  const toggle = useToggleProductSync();
  const can = useCan('postV1ProductsSync');
  return (
    <>
      <Button
        variant="outline"
        disabled={!can.allowed || toggle.isPending}
        title={can.reason || undefined}
        onClick={() => setAsking(true)}
      >
        <RefreshCw aria-hidden />
        {product.is_synced ? 'Turn sync off' : 'Turn sync on'}
      </Button>
      {asking ? (
        <SyncDialog
          orgId={orgId}
          orgName={orgName}
          selection={{ kind: 'page', count: 1, unsyncedIds: product.is_synced ? [] : [product.id] }}
          onCancel={() => setAsking(false)}
          onConfirm={(turnOn) => {
            setAsking(false);
            toggle.mutate({ orgId, ids: [product.id], is_synced: turnOn });
          }}
        />
      ) : null}
    </>
  );
}
