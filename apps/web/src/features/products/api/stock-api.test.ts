import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconcile } from '@/features/integrations';
import { clearSession, setCurrentOrg, startSession } from '@/lib/session';
import { getProductLedger } from './get-ledger';
import { productListingsQueryOptions } from './get-listings';
import { productKeys } from './product-keys';
import { getSyncPreview } from './sync-preview';
import { replaceCachedVariant } from './update-variant-cost';
import { updateVariantQuantity } from './update-variant-quantity';
import type { ProductDetail, Variant } from './types';

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

function stubFetch(body: unknown = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

type Call = [RequestInfo | URL, RequestInit | undefined];

function describeCall([input, init]: Call) {
  return {
    url: String(input),
    method: init?.method,
    org: new Headers(init?.headers).get('x-organization-id'),
    body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
  };
}

describe('stock sync calls', () => {
  beforeEach(() => {
    startSession('token-1', structuredClone(account) as never);
    setCurrentOrg(ORG_A);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('send the given organisation, the API path and only the API fields', async () => {
    const fetchMock = stubFetch();
    await updateVariantQuantity({ orgId: ORG_B, variant_id: 'v1', quantity: 4 });
    await getProductLedger(ORG_B, 'p/1', 2, 25);
    await getSyncPreview(ORG_B, ['p1', 'p2']);
    await reconcile({ orgId: ORG_B, pc_id: 'c1' });
    expect(fetchMock.mock.calls.map((call) => describeCall(call as Call))).toEqual([
      {
        url: '/v1/variants/quantity',
        method: 'POST',
        org: ORG_B,
        body: { variant_id: 'v1', quantity: 4 },
      },
      {
        url: '/v1/products/p%2F1/ledger?page=2&pageSize=25',
        method: 'GET',
        org: ORG_B,
        body: undefined,
      },
      { url: '/v1/products/sync-preview', method: 'POST', org: ORG_B, body: { ids: ['p1', 'p2'] } },
      { url: '/v1/sync/reconcile', method: 'POST', org: ORG_B, body: { pc_id: 'c1' } },
    ]);
  });

  it('poll the listings only while a push is pending', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = productListingsQueryOptions(ORG_B, 'p1');
    expect(options.queryKey).toEqual(productKeys.listings(ORG_B, 'p1'));
    // The listings live under the product, so a product invalidation refreshes them.
    expect(options.queryKey.slice(0, 4)).toEqual(productKeys.detail(ORG_B, 'p1'));
    const interval = options.refetchInterval as (query: unknown) => number | false;

    stubFetch({ listings: [{ push_pending: true }] });
    await queryClient.fetchQuery(options);
    expect(interval(queryClient.getQueryCache().find({ queryKey: options.queryKey }))).toBe(2000);
    stubFetch({ listings: [{ push_pending: false }] });
    await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(interval(queryClient.getQueryCache().find({ queryKey: options.queryKey }))).toBe(false);
    queryClient.clear();
  });

  it('put an answered variant into the cached product', () => {
    const queryClient = new QueryClient();
    const variant = (id: string, qty: number) => ({ id, available_qty: qty }) as Variant;
    const product = { id: 'p1', variants: [variant('v1', 1), variant('v2', 2)] } as ProductDetail;
    queryClient.setQueryData(productKeys.detail(ORG_A, 'p1'), product);
    replaceCachedVariant(queryClient, ORG_A, 'p1', variant('v2', 9));
    const cached = queryClient.getQueryData<ProductDetail>(productKeys.detail(ORG_A, 'p1'));
    expect(cached?.variants.map((v) => v.available_qty)).toEqual([1, 9]);
    // Another organisation's cache is left alone.
    expect(queryClient.getQueryData(productKeys.detail(ORG_B, 'p1'))).toBeUndefined();
  });
});
