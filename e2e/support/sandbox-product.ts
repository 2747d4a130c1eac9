import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

export type OrgApi = (method: 'GET' | 'POST', path: string, data?: object) => Promise<unknown>;

/** The API as the signed-in seller calls it for one organisation; a failed call fails the test. */
export function orgApi(request: APIRequestContext, token: string, orgId: string): OrgApi {
  return async (method, path, data) => {
    const response = await request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'X-Organization-Id': orgId },
      ...(data ? { data } : {}),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
}

export type Variant = { id: string; title: string; available_qty: number };

/**
 * The organisation's connected sandbox store's product at `index` of its catalogue, imported
 * through the API with sync on: its connection, id, title and variants.
 */
export async function importSandboxProduct(api: OrgApi, index: number) {
  const { platforms } = (await api('GET', '/v1/platforms')) as { platforms: { id: string }[] };
  const pcId = platforms[0]!.id;
  const remote = (await api('GET', `/v1/platforms/products?pc_id=${pcId}`)) as {
    products: { external_id: string; title: string }[];
  };
  const chosen = remote.products[index]!;
  const started = (await api('POST', '/v1/import/shopify', {
    pc_id: pcId,
    product_ids: [chosen.external_id],
  })) as { import_id: string };
  await expect
    .poll(
      async () =>
        ((await api('GET', `/v1/imports/${started.import_id}`)) as { status: string }).status,
      { timeout: 45_000 },
    )
    .toBe('completed');
  const list = (await api('GET', `/v1/products?search=${encodeURIComponent(chosen.title)}`)) as {
    products: { id: string; title: string }[];
  };
  const product = list.products.find((p) => p.title === chosen.title)!;
  await api('POST', '/v1/products/sync', { ids: [product.id], is_synced: true });
  await expectAligned(api, product.id);
  return {
    pcId,
    id: product.id,
    title: product.title,
    variants: await variantsOf(api, product.id),
  };
}

/**
 * Waits until turning sync on has aligned every listing of the product: each was read (what the
 * channel holds is known again) and set to the master. Until then a sale on the channel is read
 * as what it held when sync turned on, and the channel is set back to the master: a test that
 * sells right after turning sync on must wait for this first.
 */
export async function expectAligned(api: OrgApi, productId: string) {
  await expect
    .poll(
      async () => {
        const { listings } = (await api('GET', `/v1/products/${productId}/listings`)) as {
          listings: { channel_qty: number | null; push_pending: boolean }[];
        };
        return (
          listings.length > 0 && listings.every((l) => l.channel_qty !== null && !l.push_pending)
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

export async function variantsOf(api: OrgApi, productId: string): Promise<Variant[]> {
  const detail = (await api('GET', `/v1/products/${productId}`)) as { variants: Variant[] };
  return detail.variants;
}

/** Waits until the variant's master is `quantity` (a sale reaches it through the channel's webhook). */
export async function expectMaster(
  api: OrgApi,
  productId: string,
  variantId: string,
  quantity: number,
) {
  await expect
    .poll(
      async () => (await variantsOf(api, productId)).find((v) => v.id === variantId)?.available_qty,
      { timeout: 30_000 },
    )
    .toBe(quantity);
}
