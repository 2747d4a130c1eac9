// @vitest-environment jsdom
import { productListingsResponseSchema } from '@stocksync/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { renderScreen } from '@/testing/render';
import { PRODUCT_ID, testProduct, VARIANT_ID } from './test-product';
import { VariantListings } from './variant-listings';

const ORG_ID = '00000000-0000-4000-8000-0000000000aa';
const product = testProduct;

const listing = (
  id: string,
  platform: 'shopify' | 'tiktok',
  price: string | null,
  currency: string | null,
) => ({
  id,
  variant_id: VARIANT_ID,
  pc_id: `00000000-0000-4000-8000-0000000000d${id.slice(-1)}`,
  platform,
  alias: platform === 'tiktok' ? 'uk-shop' : 'main',
  sync_enabled: true,
  status: 'active',
  channel_qty: 5,
  confirmed_at: null,
  push_pending: false,
  price,
  currency,
});

describe('Linked accounts', () => {
  it("shows each listing's price in its channel's currency", async () => {
    const listings = productListingsResponseSchema.parse({
      listings: [
        listing('00000000-0000-4000-8000-0000000000e1', 'tiktok', '22.50', 'GBP'),
        listing('00000000-0000-4000-8000-0000000000e2', 'shopify', '29.00', 'USD'),
        listing('00000000-0000-4000-8000-0000000000e3', 'shopify', null, null),
      ],
    });
    apiServer.use(
      http.get(`/v1/products/${PRODUCT_ID}/listings`, () => HttpResponse.json(listings)),
    );
    renderScreen(<VariantListings orgId={ORG_ID} product={product} />);
    const table = await screen.findByRole('table', { name: 'Channel listings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('cell', { name: '£22.50' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '$29.00' })).toBeInTheDocument();
    expect(within(rows[2]!).getByTitle('Not known yet')).toBeInTheDocument();
  });
});
