import { useState } from 'react';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { useUpdateVariantCost } from '../api/update-variant-cost';
import type { Variant } from '../api/types';
import { currencySymbol, parseCost } from '../money';
import type { Currency } from '@/lib/api-types';

/** Plain decimal text for the input, e.g. "12.50" → "12.50", "0.00" → "0.00". */
function displayCost(cost: string) {
  const value = Number(cost);
  return Number.isFinite(value) ? value.toFixed(2) : cost;
}

/**
 * Inline cost editing (spec §4): on blur the value is sent only when it differs from the last
 * saved value; an empty value becomes 0; a rejected value shows an error toast and the field
 * returns to the saved value.
 */
type CostInputProps = { orgId: string; variant: Variant; currency: Currency };

export function CostInput({ orgId, variant, currency }: CostInputProps) {
  const update = useUpdateVariantCost();
  const [saved, setSaved] = useState(() => Number(variant.cost_price));
  const [text, setText] = useState(() => displayCost(variant.cost_price));

  const submit = () => {
    const parsed = parseCost(text);
    if (!parsed.ok) {
      toast.error(parsed.error);
      setText(saved.toFixed(2));
      return;
    }
    if (parsed.cost === saved) {
      setText(parsed.cost.toFixed(2));
      return;
    }
    const previous = saved;
    setSaved(parsed.cost);
    setText(parsed.cost.toFixed(2));
    update.mutate(
      { orgId, variant_id: variant.id, cost: parsed.cost },
      {
        onSuccess: ({ variant: updated }) => {
          setSaved(Number(updated.cost_price));
          toast.success('Update cost price');
        },
        onError: (error) => {
          setSaved(previous);
          setText(previous.toFixed(2));
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <div className="flex items-center gap-1">
      <span aria-hidden className="w-4 text-right text-muted-foreground">
        {currencySymbol(currency)}
      </span>
      <Input
        aria-label={`Cost of ${variant.title}`}
        inputMode="decimal"
        className="h-8 w-28 text-right tabular-nums"
        value={text}
        aria-busy={update.isPending || undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={submit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            setText(saved.toFixed(2));
          }
        }}
      />
    </div>
  );
}
