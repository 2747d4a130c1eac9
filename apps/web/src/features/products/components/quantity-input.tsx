import { useState } from 'react';
import { toast } from 'sonner';
import { StockBadge } from '@/components/ui/stock-badge';
import { useGatedToastAction } from '@/features/billing';
import { useCan } from '@/lib/roles';
import { useUpdateVariantQuantity } from '../api/update-variant-quantity';
import type { Variant } from '../api/types';
import { quantityConflictOf } from '../quantity-edit';
import { parseQuantity } from '../stock';
import { AdjustInput } from './adjust-input';
import { InlineNumberInput } from './inline-number-input';
import { QuantityConflictDialog, type RefusedSet } from './quantity-conflict-dialog';

type QuantityInputProps = { orgId: string; orgName: string; productId: string; variant: Variant };

/**
 * The variant's master quantity (issue 22 item 2): set it (always with the quantity the seller
 * saw, so a sale meanwhile is never undone: the API refuses and the conflict dialog explains), or
 * add and remove units with "+/−", applied to whatever the master is then.
 */
export function QuantityInput({ orgId, orgName, productId, variant }: QuantityInputProps) {
  const update = useUpdateVariantQuantity();
  const gatedAction = useGatedToastAction(orgName);
  // Viewers see the quantity but may not change it (the contract's role matrix).
  const can = useCan('postV1VariantsQuantity');
  const [refused, setRefused] = useState<RefusedSet | null>(null);

  const send = (body: { quantity: number; expected: number } | { adjust: number }) =>
    update.mutateAsync({ productId, input: { orgId, variant_id: variant.id, ...body } });

  const set = async (wanted: number, seen: number) => {
    try {
      await send({ quantity: wanted, expected: seen });
      return true;
    } catch (error) {
      const conflict = quantityConflictOf(error);
      if (!conflict) throw error;
      setRefused({ variantTitle: variant.title, seen, wanted, conflict });
      return false;
    }
  };

  const adjust = async (change: number) => {
    try {
      await send({ adjust: change });
      return true;
    } catch (error) {
      const conflict = quantityConflictOf(error);
      if (!conflict) throw error;
      toast.error(conflict.error, { description: `${conflict.quantity} in stock now.` });
      return false;
    }
  };

  const retry = (action: Promise<boolean>) => {
    setRefused(null);
    action.then(
      (saved) => saved && toast.success('Updated quantity'),
      (error: unknown) =>
        toast.error(error instanceof Error ? error.message : String(error), {
          action: gatedAction(error),
        }),
    );
  };

  return (
    <div className="flex items-center justify-end gap-2">
      <StockBadge quantity={variant.available_qty} />
      <InlineNumberInput
        label={`Quantity of ${variant.title}`}
        inputMode="numeric"
        className="w-20"
        value={variant.available_qty}
        format={String}
        parse={parseQuantity}
        save={set}
        successMessage="Updated quantity"
        errorAction={gatedAction}
        readOnlyReason={can.allowed ? undefined : can.reason}
      />
      {can.allowed ? (
        <AdjustInput
          label={`Adjust quantity of ${variant.title}`}
          adjust={adjust}
          errorAction={gatedAction}
        />
      ) : null}
      <QuantityConflictDialog
        refused={refused}
        onClose={() => setRefused(null)}
        onSet={(wanted, expected) => retry(set(wanted, expected))}
        onAdjust={(change) => retry(adjust(change))}
      />
    </div>
  );
}
