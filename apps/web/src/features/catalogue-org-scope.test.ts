import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSkuSettings } from '@stocksync/contract';
import { clearSession, setCurrentOrg, startSession } from '@/lib/session';
import { activityKeys } from './activity/api/activity-keys';
import { deleteActivities } from './activity/api/delete-activities';
import { deleteActivity } from './activity/api/delete-activity';
import { activitiesQueryOptions } from './activity/api/get-activities';
import { exportProductsCsv } from './products/api/export-products';
import { generateSkus } from './products/api/generate-skus';
import { productQueryOptions } from './products/api/get-product';
import { PRODUCT_LIST_STALE_TIME, productsQueryOptions } from './products/api/get-products';
import { productKeys } from './products/api/product-keys';
import { toggleProductSync } from './products/api/toggle-product-sync';
import { updateVariantCost } from './products/api/update-variant-cost';
import { skuSettingsQueryOptions } from './sku-generator/api/get-sku-settings';
import { previewSkus, skuPreviewQueryOptions } from './sku-generator/api/preview-skus';
import { skuSettingsKeys } from './sku-generator/api/sku-settings-keys';
import { updateSkuSettings } from './sku-generator/api/update-sku-settings';

// Two organisations of one seller; the stored current organisation (another tab's choice) is A.
const ORG_A = '00000000-0000-4000-8000-0000000000aa';
const ORG_B = '00000000-0000-4000-8000-0000000000bb';
const account = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'seller@example.com',
  orgs: [
    { id: ORG_A, name: 'Acme', currency: 'GBP', role: 'owner' },
    { id: ORG_B, name: 'Bolt', currency: 'EUR', role: 'owner' },
  ],
};
const params = { page: 1, pageSize: 25 };

/** Answers every request with a body naming the organisation it was sent for (and no previews). */
function stubFetch() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const org = new Headers(init?.headers).get('x-organization-id');
    return new Response(JSON.stringify({ org, previews: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentOrgs(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.map(([, init]) =>
    new Headers(init?.headers).get('x-organization-id'),
  );
}

function sentBody(fetchMock: ReturnType<typeof stubFetch>, call = 0) {
  return JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as unknown;
}

describe('catalogue query keys', () => {
  it('carry the organisation, so one organisation never reads another one’s cache', () => {
    expect(productKeys.all(ORG_A)).toEqual(['products', ORG_A]);
    expect(productKeys.list(ORG_A, params)).not.toEqual(productKeys.list(ORG_B, params));
    expect(productKeys.detail(ORG_A, 'p1')).not.toEqual(productKeys.detail(ORG_B, 'p1'));
    expect(activityKeys.list(ORG_A, params)).not.toEqual(activityKeys.list(ORG_B, params));
    expect(skuSettingsKeys.detail(ORG_A)).not.toEqual(skuSettingsKeys.detail(ORG_B));
    expect(skuSettingsKeys.preview(ORG_A, defaultSkuSettings)).not.toEqual(
      skuSettingsKeys.preview(ORG_B, defaultSkuSettings),
    );
    expect(productsQueryOptions(ORG_A, params).queryKey).toEqual(productKeys.list(ORG_A, params));
    expect(productQueryOptions(ORG_B, 'p1').queryKey).toEqual(productKeys.detail(ORG_B, 'p1'));
    expect(activitiesQueryOptions(ORG_B, params).queryKey).toEqual(
      activityKeys.list(ORG_B, params),
    );
    expect(skuSettingsQueryOptions(ORG_B).queryKey).toEqual(skuSettingsKeys.detail(ORG_B));
  });

  it('nest lists and details under the organisation and all organisations under the feature', () => {
    const [feature, org] = productKeys.all(ORG_B);
    expect(productKeys.lists(ORG_B).slice(0, 2)).toEqual([feature, org]);
    expect(productKeys.detail(ORG_B, 'p1').slice(0, 2)).toEqual([feature, org]);
    expect(activityKeys.lists(ORG_B).slice(0, 2)).toEqual(activityKeys.all(ORG_B));
    expect(skuSettingsKeys.detail(ORG_B).slice(0, 2)).toEqual(skuSettingsKeys.all(ORG_B));
  });
});

describe('catalogue fetchers', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    startSession('token-1', structuredClone(account) as never);
    setCurrentOrg(ORG_A);
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    clearSession();
  });

  it('send the given organisation, not the stored current one', async () => {
    const fetchMock = stubFetch();
    await queryClient.fetchQuery(productsQueryOptions(ORG_B, params));
    await queryClient.fetchQuery(productQueryOptions(ORG_B, 'p1'));
    await queryClient.fetchQuery(activitiesQueryOptions(ORG_B, params));
    await queryClient.fetchQuery(skuSettingsQueryOptions(ORG_B));
    await queryClient.fetchQuery(skuPreviewQueryOptions(ORG_B, defaultSkuSettings));
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(sentOrgs(fetchMock)).toEqual(Array(5).fill(ORG_B));
  });

  it('keep each organisation’s product list apart in the cache', async () => {
    const fetchMock = stubFetch();
    expect(productsQueryOptions(ORG_A, params).staleTime).toBe(PRODUCT_LIST_STALE_TIME);
    await expect(
      queryClient.fetchQuery(productsQueryOptions(ORG_A, params)),
    ).resolves.toMatchObject({
      org: ORG_A,
    });
    // Switching organisation within the 5 minutes the list stays fresh must not reuse A's list.
    await expect(
      queryClient.fetchQuery(productsQueryOptions(ORG_B, params)),
    ).resolves.toMatchObject({
      org: ORG_B,
    });
    expect(sentOrgs(fetchMock)).toEqual([ORG_A, ORG_B]);
    // A's list is still served from the cache for A.
    await queryClient.fetchQuery(productsQueryOptions(ORG_A, params));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Invalidating one organisation's products leaves the other's fresh.
    await queryClient.invalidateQueries({ queryKey: productKeys.all(ORG_B) });
    expect(queryClient.getQueryState(productKeys.list(ORG_A, params))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(productKeys.list(ORG_B, params))?.isInvalidated).toBe(true);
  });

  it('send changes for the given organisation, with only the API fields in the body', async () => {
    const fetchMock = stubFetch();
    await toggleProductSync({ orgId: ORG_B, ids: ['p1'] });
    await generateSkus({ orgId: ORG_B, ids: ['p1'], all_selected: false });
    await updateVariantCost({ orgId: ORG_B, variant_id: 'v1', cost: 2.5 });
    await deleteActivity({ orgId: ORG_B, id: 'a1' });
    await deleteActivities({ orgId: ORG_B, ids: ['a1', 'a2'] });
    await updateSkuSettings({ orgId: ORG_B, settings: defaultSkuSettings });
    await previewSkus(ORG_B, defaultSkuSettings);
    expect(sentOrgs(fetchMock)).toEqual(Array(7).fill(ORG_B));
    expect(sentBody(fetchMock, 0)).toEqual({ ids: ['p1'] });
    expect(sentBody(fetchMock, 1)).toEqual({ ids: ['p1'], all_selected: false });
    expect(sentBody(fetchMock, 2)).toEqual({ variant_id: 'v1', cost: 2.5 });
    expect(sentBody(fetchMock, 4)).toEqual({ ids: ['a1', 'a2'] });
    expect(sentBody(fetchMock, 5)).toEqual(defaultSkuSettings);
  });

  it('export the given organisation’s CSV', async () => {
    const fetchMock = stubFetch();
    const link = { href: '', download: '', click: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
    await expect(exportProductsCsv(ORG_B)).resolves.toBe('products.csv');
    expect(fetchMock.mock.calls[0]![0]).toBe('/v1/products/export.csv');
    expect(sentOrgs(fetchMock)).toEqual([ORG_B]);
    expect(link.click).toHaveBeenCalledOnce();
  });
});
