// @vitest-environment jsdom
import { productDetailSchema, roleMessages, type Role } from '@stocksync/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { signInAs } from '@/testing/session';
import { ProductScreen } from './product-screen';

const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';

const product = productDetailSchema.parse({
  id: PRODUCT_ID,
  title: 'Mug',
  sku: 'MUG',
  is_synced: false,
  available_qty: 5,
  platforms: {},
  variants: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
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

/** The product page of a member with `role`: the product, no listings, an empty stock history. */
function renderProductAs(role: Role) {
  apiServer.use(
    http.get(`/v1/products/${PRODUCT_ID}`, () => HttpResponse.json(product)),
    http.get(`/v1/products/${PRODUCT_ID}/listings`, () => HttpResponse.json({ listings: [] })),
    http.get(`/v1/products/${PRODUCT_ID}/ledger`, () =>
      HttpResponse.json({ entries: [], total: 0, page: 1, pageSize: 20 }),
    ),
  );
  signInAs(role);
  return renderScreen(<ProductScreen orgId={testOrganization.id} orgName="Acme" currency="GBP" />, {
    path: '/$org/products/$id',
    url: `/Acme/products/${PRODUCT_ID}`,
  });
}

/** Every control of the page that changes the product, by its accessible name. */
const controls = () => ({
  sku: screen.getByLabelText('SKU of Large'),
  quantity: screen.getByLabelText('Quantity of Large'),
  cost: screen.getByLabelText('Cost of Large'),
  send: screen.getByRole('button', { name: 'Send SKUs to channels' }),
});

describe('product page and roles (issue 24)', () => {
  it('shows a viewer every value read-only, each control saying the role it needs', async () => {
    renderProductAs('viewer');
    await screen.findByRole('heading', { name: 'Mug' });
    const { sku, quantity, cost, send } = controls();
    const reason = roleMessages.disabled('member');
    for (const field of [sku, quantity, cost]) {
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveAttribute('title', reason);
    }
    expect(send).toBeDisabled();
    expect(send).toHaveAttribute('title', reason);
    // Adding or removing units is not offered at all.
    expect(screen.queryByLabelText('Adjust quantity of Large')).toBeNull();
  });

  it('lets a member edit the SKU, quantity and cost and send SKUs', async () => {
    renderProductAs('member');
    await screen.findByRole('heading', { name: 'Mug' });
    const { sku, quantity, cost, send } = controls();
    for (const field of [sku, quantity, cost]) {
      expect(field).not.toHaveAttribute('readonly');
      expect(field).not.toHaveAttribute('title');
    }
    expect(send).toBeEnabled();
    expect(screen.getByLabelText('Adjust quantity of Large')).toBeInTheDocument();
  });
});
