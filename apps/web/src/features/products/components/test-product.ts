import { productDetailSchema } from '@stocksync/contract';

// The product the product page's component tests show: a mug with one variant, listed nowhere.
export const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';
export const VARIANT_ID = '00000000-0000-4000-8000-0000000000c1';

export const testProduct = productDetailSchema.parse({
  id: PRODUCT_ID,
  title: 'Mug',
  sku: 'MUG',
  is_synced: true,
  available_qty: 5,
  platforms: {},
  variants: [
    {
      id: VARIANT_ID,
      title: 'Large',
      sku: 'MUG-L',
      available_qty: 5,
      cost_price: '2.00',
      current_price: '22.50',
      price_currency: 'GBP',
      platforms: {},
    },
  ],
});
