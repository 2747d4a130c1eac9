// @vitest-environment jsdom
import { productSourceMessages, productSourceSchema, roleMessages } from '@stocksync/contract';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { signInAs } from '@/testing/session';
import { ProductSourcePicker } from './product-source-picker';

const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';
const SHOPIFY = '00000000-0000-4000-8000-0000000000c1';
const EBAY = '00000000-0000-4000-8000-0000000000c2';

const source = (pcId: string) =>
  productSourceSchema.parse({
    product_id: PRODUCT_ID,
    source_pc_id: pcId,
    candidates: [
      { pc_id: EBAY, platform: 'ebay', alias: 'ebay-main' },
      { pc_id: SHOPIFY, platform: 'shopify', alias: 'shop-1' },
    ],
  });

function answerSourceApi() {
  const changed: unknown[] = [];
  apiServer.use(
    http.get(`/v1/products/${PRODUCT_ID}/source`, () => HttpResponse.json(source(SHOPIFY))),
    http.put(`/v1/products/${PRODUCT_ID}/source`, async ({ request }) => {
      const body = (await request.json()) as { pc_id: string };
      changed.push(body);
      return HttpResponse.json(source(body.pc_id));
    }),
  );
  return changed;
}

const renderPicker = () =>
  renderScreen(<ProductSourcePicker orgId={testOrganization.id} productId={PRODUCT_ID} />);

describe('product source picker (issue 25 item 4)', () => {
  it('shows the source channel and lets a member pick another that lists the product', async () => {
    const changed = answerSourceApi();
    signInAs('member');
    const { user } = renderPicker();
    const picker = await screen.findByRole('combobox', { name: 'Source channel' });
    expect(picker).toHaveValue(SHOPIFY);
    expect(screen.getByRole('option', { name: 'eBay ebay-main' })).toBeInTheDocument();
    await user.selectOptions(picker, EBAY);
    expect(await screen.findByText(productSourceMessages.changed)).toBeVisible();
    expect(changed).toEqual([{ pc_id: EBAY }]);
    expect(picker).toHaveValue(EBAY);
  });

  it('lets a viewer see the source but not change it', async () => {
    const changed = answerSourceApi();
    signInAs('viewer');
    renderPicker();
    const picker = await screen.findByRole('combobox', { name: 'Source channel' });
    expect(picker).toBeDisabled();
    expect(picker).toHaveAttribute('title', roleMessages.disabled('member'));
    expect(changed).toEqual([]);
  });
});
