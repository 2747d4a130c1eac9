// @vitest-environment jsdom
import {
  skuConflictSchema,
  skuWritebackListingSchema,
  skuWritebackMessages,
  type SkuConflictFixesApplied,
  type SkuConflictFixesPreview,
  type SkuConflictsResponse,
} from '@stocksync/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { skuConflictsSearchSchema } from '../sku-conflicts-search';
import { SkuConflictsScreen } from './sku-conflicts-screen';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const listing = (n: number, platform: 'shopify' | 'ebay' | 'tiktok', channelSku: string) => ({
  listing_id: uuid(100 + n),
  variant_id: uuid(10 + n),
  connection_id: uuid(200 + n),
  platform,
  account: `${platform} main`,
  channel_sku: channelSku,
  product_title: 'Mug',
  variant_title: 'Large',
  variant_sku: 'MUG-L',
});

const variant = {
  id: uuid(11),
  product_id: uuid(1),
  product_title: 'Mug',
  title: 'Large',
  sku: 'MUG-L',
};

const mismatch = skuConflictSchema.parse({
  id: `mismatch:${uuid(101)},${uuid(102)}`,
  kind: 'mismatch',
  sku: 'MUG-L',
  variant,
  other_variant: null,
  listings: [listing(1, 'shopify', 'OLD-MUG'), listing(2, 'ebay', 'OLD-MUG')],
  fixes: ['push_ours', 'take_channel'],
});
const blank = skuConflictSchema.parse({
  id: `blank:${uuid(103)}`,
  kind: 'blank',
  sku: '',
  variant: { ...variant, id: uuid(13), title: 'Small', sku: '' },
  other_variant: null,
  listings: [listing(3, 'tiktok', '')],
  fixes: ['generate'],
});

const counts = { duplicate_on_account: 0, mismatch: 40, belongs_to_other_variant: 0, blank: 22 };

const writebackListing = (n: number, platform: 'shopify' | 'ebay', action: 'push' | 'refused') =>
  skuWritebackListingSchema.parse({
    ...listing(n, platform, 'OLD-MUG'),
    variant_id: variant.id,
    sku: 'MUG-L',
    action,
    reason: action === 'refused' ? skuWritebackMessages.ebaySkuIsKey : null,
    last_push: null,
  });

/** The conflicts API: 62 conflicts over pages of 2, the preview and the apply; records requests. */
function answerConflictsApi() {
  const asked: URLSearchParams[] = [];
  const previews: unknown[] = [];
  const applied: unknown[] = [];
  apiServer.use(
    http.get('/v1/sku-conflicts', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const kind = query.get('kind') as keyof typeof counts | null;
      const body: SkuConflictsResponse = {
        conflicts: kind === 'blank' ? [blank] : [mismatch, blank],
        total: kind ? counts[kind] : 62,
        counts,
        page: Number(query.get('page') ?? 1),
        pageSize: Number(query.get('pageSize') ?? 50),
      };
      return HttpResponse.json(body);
    }),
    http.post('/v1/sku-conflicts/fixes/preview', async ({ request }) => {
      previews.push(await request.json());
      const body: SkuConflictFixesPreview = {
        items: [
          {
            id: mismatch.id,
            kind: 'mismatch',
            fix: 'push_ours',
            status: 'ready',
            message: null,
            sku_changes: [],
            link_changes: [],
          },
        ],
        listings: [
          { ...writebackListing(1, 'shopify', 'push'), generated: false },
          { ...writebackListing(2, 'ebay', 'refused'), generated: false },
        ],
        remaining: 0,
      };
      return HttpResponse.json(body);
    }),
    http.post('/v1/sku-conflicts/fixes', async ({ request }) => {
      applied.push(await request.json());
      const body: SkuConflictFixesApplied = {
        items: [
          { id: mismatch.id, kind: 'mismatch', fix: 'push_ours', status: 'applied', message: null },
        ],
        queued: 1,
        unchanged: 0,
        refused: 1,
        listings: [writebackListing(1, 'shopify', 'push'), writebackListing(2, 'ebay', 'refused')],
        remaining: 0,
      };
      return HttpResponse.json(body);
    }),
  );
  return { asked, previews, applied };
}

function renderConflicts(url: string) {
  return renderScreen(
    <SkuConflictsScreen orgId={testOrganization.id} orgName={testOrganization.name} />,
    {
      path: '/$org/inventory_/sku-conflicts',
      url,
      validateSearch: (search) => skuConflictsSearchSchema.parse(search),
    },
  );
}

const table = () => screen.getByRole('table', { name: 'SKU conflicts' });

describe('Inventory → SKU conflicts (issue 25 item 2)', { timeout: 30_000 }, () => {
  it('lists conflicts with counts per kind, and filters by kind in the URL', async () => {
    const { asked } = answerConflictsApi();
    const { user, router } = renderConflicts('/Acme/inventory_/sku-conflicts?pageSize=2');
    expect(await screen.findByRole('button', { name: 'All (62)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mismatches (40)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Blanks (22)' })).toBeVisible();
    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('OLD-MUG');
    expect(within(rows[1]!).getByRole('combobox')).toHaveValue('push_ours');
    expect(within(rows[2]!).getByRole('combobox')).toHaveValue('generate');

    await user.click(screen.getByRole('button', { name: 'Blanks (22)' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ kind: 'blank' }));
    await waitFor(() => expect(asked.at(-1)?.get('kind')).toBe('blank'));
    expect(screen.getByRole('button', { name: 'Blanks (22)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('previews the chosen fix of a selected row (eBay refused with its reason), applies it, and shows a result per conflict', async () => {
    const { previews, applied } = answerConflictsApi();
    const { user } = renderConflicts('/Acme/inventory_/sku-conflicts?pageSize=2');
    await screen.findByRole('button', { name: 'All (62)' });
    const row = within(table()).getAllByRole('row')[1]!;
    await user.selectOptions(within(row).getByRole('combobox'), 'take_channel');
    await user.selectOptions(within(row).getByRole('combobox'), 'push_ours');
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Preview fixes (1)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Fix SKU conflicts' });
    expect(await within(dialog).findByText('1 of 1 conflicts will be fixed.')).toBeVisible();
    expect(previews).toEqual([{ items: [{ id: mismatch.id, fix: 'push_ours' }] }]);
    const listingRows = within(
      within(dialog).getByRole('table', { name: 'SKUs per listing' }),
    ).getAllByRole('row');
    expect(listingRows[1]).toHaveTextContent('shopify · shopify main');
    expect(listingRows[1]).toHaveTextContent('Will be sent');
    expect(listingRows[2]).toHaveTextContent('Not sent');
    expect(listingRows[2]).toHaveTextContent(skuWritebackMessages.ebaySkuIsKey);

    await user.click(within(dialog).getByRole('button', { name: 'Apply 1 fix' }));
    await waitFor(() =>
      expect(applied).toEqual([{ items: [{ id: mismatch.id, fix: 'push_ours' }] }]),
    );
    const done = await screen.findByRole('dialog', { name: 'Fixes applied' });
    const results = within(done).getByRole('list', { name: 'Results' });
    expect(results).toHaveTextContent('Fixed');
    expect(results).toHaveTextContent('Mismatches: Send our SKU');
    expect(done).toHaveTextContent(
      '1 of 1 conflicts fixed; 1 SKUs queued for the channels, 1 not sent.',
    );
    expect(await screen.findByText('Fixed 1 of 1 conflicts')).toBeVisible();
  });

  it('selects every conflict of the kind across pages, as the inventory does', async () => {
    const { previews } = answerConflictsApi();
    const { user } = renderConflicts('/Acme/inventory_/sku-conflicts?pageSize=2&kind=mismatch');
    await screen.findByRole('button', { name: 'All (62)' });
    await user.click(within(table()).getByRole('checkbox', { name: /select all/i }));
    await user.click(screen.getByRole('button', { name: 'Select all 40 conflicts' }));
    expect(screen.getByText(/All 40 conflicts are selected, on every page/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Preview fixes (40)' }));
    await screen.findByRole('dialog', { name: 'Fix SKU conflicts' });
    await waitFor(() => expect(previews).toEqual([{ all_selected: true, kind: 'mismatch' }]));
  });
});
