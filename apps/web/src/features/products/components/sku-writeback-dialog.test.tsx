// @vitest-environment jsdom
import { skuWritebackListingSchema, skuWritebackMessages } from '@stocksync/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { renderScreen } from '@/testing/render';
import { SkuWritebackDialog } from './sku-writeback-dialog';

const ORG_ID = '00000000-0000-4000-8000-0000000000aa';
const VARIANT_ID = '00000000-0000-4000-8000-0000000000c1';

const listing = (n: number, platform: 'shopify' | 'ebay' | 'tiktok', action: string) =>
  skuWritebackListingSchema.parse({
    listing_id: `00000000-0000-4000-8000-00000000010${n}`,
    variant_id: VARIANT_ID,
    variant_title: 'Large',
    product_title: 'Mug',
    connection_id: `00000000-0000-4000-8000-00000000020${n}`,
    platform,
    account: `${platform} main`,
    channel_sku: 'OLD-1',
    sku: 'MUG-L',
    action,
    reason: action === 'refused' ? skuWritebackMessages.ebaySkuIsKey : null,
    last_push: null,
  });

describe('SKU write-back dialog (issue 25 item 1)', () => {
  it('previews each listing, says why eBay is not sent, and sends the rest', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.post('/v1/sku-writeback/preview', () =>
        HttpResponse.json({
          listings: [
            listing(1, 'shopify', 'push'),
            listing(2, 'tiktok', 'push'),
            listing(3, 'ebay', 'refused'),
          ],
        }),
      ),
      http.post('/v1/sku-writeback', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { queued: 2, unchanged: 0, refused: 1, listings: [] },
          { status: 202 },
        );
      }),
    );
    let closed = false;
    const { user } = renderScreen(
      <SkuWritebackDialog
        orgId={ORG_ID}
        variantIds={[VARIANT_ID]}
        open
        onClose={() => (closed = true)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send SKUs to the channels' });
    expect(await within(dialog).findByText('2 of 3 listings will get their SKU.')).toBeVisible();
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('ebay · ebay main');
    expect(rows[3]).toHaveTextContent(skuWritebackMessages.ebaySkuIsKey);
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 SKUs' }));
    await waitFor(() => expect(sent).toEqual([{ variant_ids: [VARIANT_ID] }]));
    expect(await screen.findByText('Sending 2 SKUs to the channels')).toBeVisible();
    expect(closed).toBe(true);
  });
});
