import type { Currency } from '@/lib/api-types';
import { currencySymbol, formatAmountInput, parseCost } from '@/lib/money';
import { useCan } from '@/lib/roles';
import { useUpdateVariantCost } from '../api/update-variant-cost';
import type { Variant } from '../api/types';
import { InlineNumberInput } from './inline-number-input';

type CostInputProps = { orgId: string; productId: string; variant: Variant; currency: Currency };

/** Spec §4: inline cost editing; an empty value becomes 0. */
export function CostInput({ orgId, productId, variant, currency }: CostInputProps) {
  const update = useUpdateVariantCost();
  const can = useCan('postV1VariantsCost');
  return (
    <InlineNumberInput
      readOnlyReason={can.allowed ? undefined : can.reason}
      label={`Cost of ${variant.title}`}
      inputMode="decimal"
      className="w-28"
      value={Number(variant.cost_price)}
      format={(cost) => formatAmountInput(cost, currency)}
      parse={(text) => {
        const parsed = parseCost(text, currency);
        return parsed.ok ? { ok: true, value: parsed.cost } : parsed;
      }}
      save={(cost) =>
        update.mutateAsync({ productId, input: { orgId, variant_id: variant.id, cost } })
      }
      successMessage="Update cost price"
      prefix={
        <span aria-hidden className="w-4 text-right text-muted-foreground">
          {currencySymbol(currency)}
        </span>
      }
    />
  );
}
