import { useGatedToastAction } from '@/features/billing';
import { useUpdateVariantQuantity } from '../api/update-variant-quantity';
import type { Variant } from '../api/types';
import { parseQuantity } from '../stock';
import { InlineNumberInput } from './inline-number-input';

type QuantityInputProps = { orgId: string; orgName: string; productId: string; variant: Variant };

/** The variant's master quantity, edited inline like the cost; a change is pushed to channels. */
export function QuantityInput({ orgId, orgName, productId, variant }: QuantityInputProps) {
  const update = useUpdateVariantQuantity();
  const gatedAction = useGatedToastAction(orgName);
  return (
    <InlineNumberInput
      label={`Quantity of ${variant.title}`}
      inputMode="numeric"
      className="ml-auto w-24"
      value={variant.available_qty}
      format={String}
      parse={parseQuantity}
      save={(quantity) =>
        update.mutateAsync({ productId, input: { orgId, variant_id: variant.id, quantity } })
      }
      successMessage="Updated quantity"
      errorAction={gatedAction}
    />
  );
}
