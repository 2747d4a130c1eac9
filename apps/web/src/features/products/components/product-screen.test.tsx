// @vitest-environment jsdom
import { roleMessages, type Role } from '@stocksync/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { signInAs } from '@/testing/session';
import { ProductScreen } from './product-screen';
import { PRODUCT_ID, testProduct } from './test-product';

// Sync off, so that the page offers to turn it on.
const product = { ...testProduct, is_synced: false };

/** The product page of a member with `role`: the product, no listings or source, no history. */
function renderProductAs(role: Role) {
  apiServer.use(
    http.get(`/v1/products/${PRODUCT_ID}`, () => HttpResponse.json(product)),
    http.get(`/v1/products/${PRODUCT_ID}/listings`, () => HttpResponse.json({ listings: [] })),
    http.get(`/v1/products/${PRODUCT_ID}/ledger`, () =>
      HttpResponse.json({ entries: [], total: 0, page: 1, pageSize: 20 }),
    ),
    http.get(`/v1/products/${PRODUCT_ID}/source`, () =>
      HttpResponse.json({ product_id: PRODUCT_ID, source_pc_id: null, candidates: [] }),
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
  sync: screen.getByRole('button', { name: 'Turn sync on' }),
});

describe('product page and roles (issue 24)', () => {
  it('shows a viewer every value read-only, each control saying the role it needs', async () => {
    renderProductAs('viewer');
    await screen.findByRole('heading', { name: 'Mug' });
    const { sku, quantity, cost, send, sync } = controls();
    const reason = roleMessages.disabled('member');
    for (const field of [sku, quantity, cost]) {
      expect(field).toHaveAttribute('readonly');
      expect(field).toHaveAttribute('title', reason);
    }
    for (const button of [send, sync]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', reason);
    }
    // Adding or removing units is not offered at all.
    expect(screen.queryByLabelText('Adjust quantity of Large')).toBeNull();
  });

  it('lets a member edit the SKU, quantity and cost, send SKUs and turn sync on', async () => {
    const toggled: unknown[] = [];
    apiServer.use(
      http.post('/v1/products/sync-preview', () =>
        HttpResponse.json({ changes: [], total_changes: 0, unchanged: 1 }),
      ),
      http.post('/v1/products/sync', async ({ request }) => {
        toggled.push(await request.json());
        return HttpResponse.json({ changed: 1 });
      }),
    );
    const { user } = renderProductAs('member');
    await screen.findByRole('heading', { name: 'Mug' });
    const { sku, quantity, cost, send, sync } = controls();
    for (const field of [sku, quantity, cost]) {
      expect(field).not.toHaveAttribute('readonly');
      expect(field).not.toHaveAttribute('title');
    }
    expect(send).toBeEnabled();
    expect(screen.getByLabelText('Adjust quantity of Large')).toBeInTheDocument();
    // Sync is asked as the inventory asks it: what turning it on sets, then the confirmation.
    await user.click(sync);
    const dialog = await screen.findByRole('dialog', { name: 'Turn sync on for 1 product?' });
    expect(await within(dialog).findByText(/1 listing already matches/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Turn sync on' }));
    await expect.poll(() => toggled).toEqual([{ ids: [PRODUCT_ID], is_synced: true }]);
  });
});
