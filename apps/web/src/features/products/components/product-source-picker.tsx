import { NativeSelect } from '@/components/ui/native-select';
import { channelName } from '@/lib/channels';
import { useCan } from '@/lib/roles';
import { useChangeProductSource, useProductSource } from '../api/product-source';

type ProductSourcePickerProps = { orgId: string; productId: string };

/**
 * The channel whose re-imports update the product's title, variant names and prices (ADR 0053):
 * the one it first came from until the seller picks another that lists it.
 */
export function ProductSourcePicker({ orgId, productId }: ProductSourcePickerProps) {
  const source = useProductSource(orgId, productId);
  const change = useChangeProductSource();
  const can = useCan('putV1ProductsByIdSource');
  const data = source.data;
  // Nothing to pick from until the product is listed somewhere; a failed read hides the picker.
  if (!data || data.candidates.length === 0) return null;
  const current = data.candidates.some((c) => c.pc_id === data.source_pc_id)
    ? data.source_pc_id
    : null;
  return (
    <section aria-labelledby="product-source-heading" className="grid max-w-xl gap-2 text-sm">
      <h2 id="product-source-heading" className="font-medium">
        Source channel
      </h2>
      <p className="text-muted-foreground">
        Re-imports from this channel update the title, variant names and prices (and the stock while
        sync is off). Imports from other channels link their listings and rename nothing.
      </p>
      <NativeSelect
        aria-labelledby="product-source-heading"
        className="max-w-xs"
        value={current ?? ''}
        disabled={!can.allowed || change.isPending}
        title={can.reason || undefined}
        onChange={(event) => change.mutate({ orgId, productId, pcId: event.target.value })}
      >
        {current === null ? (
          <option value="" disabled>
            {data.source_pc_id === null
              ? 'None: made in stocksync'
              : 'A channel no longer listing it'}
          </option>
        ) : null}
        {data.candidates.map((c) => (
          <option key={c.pc_id} value={c.pc_id}>
            {channelName(c.platform)} {c.alias}
          </option>
        ))}
      </NativeSelect>
    </section>
  );
}
