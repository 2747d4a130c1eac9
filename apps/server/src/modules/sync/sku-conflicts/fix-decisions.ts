import { manualSkuSchema, skuConflictFixMessages as messages } from '@stocksync/contract';
import type { FixPlan, Fix, VariantRef } from './fix-plan';
import type { ListingState } from './fix-state-repository';

const refOf = (l: ListingState): VariantRef => ({
  id: l.variant_id,
  product_title: l.product_title,
  title: l.variant_title,
});
const labelOf = (l: ListingState) => `'${l.product_title}' / '${l.variant_title}'`;
const unique = (values: string[]) => [...new Set(values)];

export type Decision = Pick<FixPlan, 'generateIn' | 'setSku' | 'link' | 'unlink' | 'push'>;
export const nothing: Decision = {
  generateIn: [],
  setSku: null,
  link: null,
  unlink: null,
  push: [],
};

/** What a fix does with the listings that still have the conflict, or why it cannot. */
export function decide(fix: Fix, targets: ListingState[]): Decision | string {
  const variants = unique(targets.map((l) => l.variant_id));
  switch (fix) {
    case 'generate': {
      const blank = targets.filter((l) => l.variant_sku === '');
      return { ...nothing, generateIn: unique(blank.map((l) => l.product_id)), push: variants };
    }
    case 'push_ours': {
      const blank = targets.find((l) => l.variant_sku === '');
      if (blank) return `${labelOf(blank)} ${messages.noSkuToSend}`;
      return { ...nothing, push: variants };
    }
    case 'take_channel': {
      const skus = unique(targets.flatMap((l) => (l.channel_sku ? [l.channel_sku] : [])));
      if (variants.length !== 1 || skus.length !== 1) return messages.channelSkusDiffer;
      const checked = manualSkuSchema.safeParse(skus[0]);
      if (!checked.success) return `'${skus[0]}': ${checked.error.issues[0]!.message}`;
      const l = targets[0]!;
      return {
        ...nothing,
        setSku: { variant: refOf(l), from: l.variant_sku, to: checked.data },
        push: variants,
      };
    }
    case 'link': {
      const l = targets[0]!;
      const to = { id: l.owner_id!, product_title: l.owner_product_title!, title: l.owner_title! };
      return { ...nothing, link: { listing: l, to } };
    }
    case 'unlink':
      return { ...nothing, unlink: targets[0]! };
  }
}
