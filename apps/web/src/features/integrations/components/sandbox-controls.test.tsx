// @vitest-environment jsdom
import {
  platformConnectionSchema,
  roleMessages,
  sandboxListingsResponseSchema,
  type Role,
} from '@stocksync/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { signInAs } from '@/testing/session';
import { SyncSwitch } from './connection-actions';
import { SandboxControls } from './sandbox-controls';

const ORG = testOrganization.id;
const PC_ID = '00000000-0000-4000-8000-0000000000cc';

const listings = sandboxListingsResponseSchema.parse({
  listings: [
    {
      variant_id: '00000000-0000-4000-8000-0000000000c1',
      product_id: '00000000-0000-4000-8000-0000000000b1',
      title: 'Mug',
      sku: 'MUG',
      channel_qty: 4,
      is_synced: true,
    },
  ],
});

const connection = platformConnectionSchema.parse({
  id: PC_ID,
  platform: 'shopify',
  alias: 'main',
  status: 'active',
  sync_enabled: true,
  sandbox: true,
  username: null,
  shop_domain: 'main.myshopify.com',
  marketplace_id: null,
  refresh_token_expiry: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

/** The sandbox card and the connection's sync switch, as a member with `role` sees them. */
async function renderAs(role: Role) {
  apiServer.use(
    http.get(`/v1/connections/${PC_ID}/sandbox/listings`, () => HttpResponse.json(listings)),
  );
  signInAs(role);
  const view = renderScreen(
    <>
      <SyncSwitch orgId={ORG} orgName="Acme" connection={connection} />
      <SandboxControls orgId={ORG} orgName="Acme" platform="shopify" alias="main" pcId={PC_ID} />
    </>,
  );
  await screen.findByLabelText('Product');
  return {
    ...view,
    sale: screen.getByRole('button', { name: 'Simulate a sale' }),
    stock: screen.getByRole('button', { name: 'Change stock on the channel' }),
    sync: screen.getByRole('switch', { name: /Sync stock/ }),
  };
}

describe('sandbox controls and the sync switch by role (issue 24)', () => {
  it('shows a viewer both disabled, saying which role each needs', async () => {
    const { sale, stock, sync } = await renderAs('viewer');
    for (const button of [sale, stock]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(roleMessages.disabled('admin'));
    }
    expect(sync).toBeDisabled();
    expect(sync.parentElement).toHaveAttribute('title', roleMessages.disabled('member'));
  });

  it('lets a member turn sync on or off, but leaves the sandbox to admins', async () => {
    const { sale, stock, sync } = await renderAs('member');
    expect(sync).toBeEnabled();
    expect(sale).toBeDisabled();
    expect(stock).toHaveAccessibleDescription(roleMessages.disabled('admin'));
  });

  it('lets an admin make a sale on the sandbox channel', async () => {
    const sold: unknown[] = [];
    apiServer.use(
      http.post(`/v1/connections/${PC_ID}/sandbox/sale`, async ({ request }) => {
        sold.push(await request.json());
        return HttpResponse.json({
          variant_id: listings.listings[0]!.variant_id,
          sku: 'MUG',
          arrives_by: 'webhook',
        });
      }),
    );
    const { user, sale, stock } = await renderAs('admin');
    expect(stock).toBeEnabled();
    expect(screen.queryByText(roleMessages.disabled('admin'))).toBeNull();
    await user.click(sale);
    await expect
      .poll(() => sold)
      .toEqual([{ variant_id: listings.listings[0]!.variant_id, quantity: 1 }]);
  });
});
