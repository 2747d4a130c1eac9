import { useState } from 'react';
import { manualSkuSchema } from '@stocksync/contract';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { useCan } from '@/lib/roles';
import { useUpdateVariantSku } from '../api/sku-writeback';
import type { Variant } from '../api/types';

type SkuInputProps = {
  orgId: string;
  productId: string;
  variant: Variant;
  /** Called after a SKU was saved, to offer sending it to the channels. */
  onSaved: (variantId: string) => void;
};

/** Issue 25 item 1: a SKU typed on the product page, saved on Enter or when leaving the field. */
export function SkuInput({ orgId, productId, variant, onSaved }: SkuInputProps) {
  const [text, setText] = useState(variant.sku);
  const update = useUpdateVariantSku();
  const can = useCan('postV1VariantsSku');
  const save = async () => {
    const parsed = manualSkuSchema.safeParse(text);
    if (text.trim() === variant.sku) return;
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Invalid SKU');
      setText(variant.sku);
      return;
    }
    try {
      await update.mutateAsync({
        productId,
        input: { orgId, variant_id: variant.id, sku: parsed.data },
      });
      toast.success('SKU saved');
      onSaved(variant.id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      setText(variant.sku);
    }
  };
  return (
    <Input
      aria-label={`SKU of ${variant.title}`}
      className="w-40 font-mono text-xs"
      value={text}
      placeholder="No SKU"
      readOnly={!can.allowed}
      title={can.allowed ? undefined : can.reason}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
    />
  );
}
