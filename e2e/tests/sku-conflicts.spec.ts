import type { Page } from '@playwright/test';
import { createUser, expect, signInWithStorage, test, uniqueOrgName } from '../support/fixtures';
import { connectEbayAndTiktok, connectShopify } from '../support/channels';
import { importSandboxProduct, orgApi, type OrgApi } from '../support/sandbox-product';

// Issue 25 items 1 and 2 in Chromium: SKUs generated and typed here reach the sandbox channels
// (Shopify and TikTok take them, eBay refuses with its reason) and a re-import links every
// listing by SKU; a duplicate on one account is fixed from Inventory → SKU conflicts.

type Conflicts = {
  total: number;
  counts: Record<string, number>;
  conflicts: { kind: string; variant: { id: string } | null; listings: { platform: string }[] }[];
};
type Platform = { id: string; platform: string };
type WritebackListing = { platform: string; last_push: { status: string } | null };

const EBAY_REASON = "On eBay the SKU is the listing's inventory item key";

async function newSeller(page: Page, request: Parameters<typeof createUser>[0], label: string) {
  const orgName = uniqueOrgName(label);
  const user = await createUser(request, { label: label.toLowerCase(), orgName });
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;
  await page.goto(`${orgPath}/dashboard`);
  return { orgPath, api: orgApi(request, user.accessToken, user.user.orgs[0]!.id) };
}

/** Imports every connected account's whole catalogue, one after the other. */
async function importEverything(api: OrgApi) {
  const { platforms } = (await api('GET', '/v1/platforms')) as { platforms: Platform[] };
  for (const connection of platforms) {
    const started = (await api('POST', `/v1/import/${connection.platform}`, {
      pc_id: connection.id,
      all: true,
    })) as { import_id: string };
    await expect
      .poll(
        async () =>
          ((await api('GET', `/v1/imports/${started.import_id}`)) as { status: string }).status,
        { timeout: 120_000 },
      )
      .toBe('completed');
  }
}

const conflicts = (api: OrgApi, query = '') =>
  api('GET', `/v1/sku-conflicts?pageSize=100${query}`) as Promise<Conflicts>;
const productTotal = async (api: OrgApi) =>
  ((await api('GET', '/v1/products?pageSize=1')) as { total: number }).total;

/** Waits until every listing of the variants the write-back sent to has its result. */
async function expectSent(api: OrgApi, variantIds: string[]) {
  await expect
    .poll(
      async () => {
        const { listings } = (await api('POST', '/v1/sku-writeback/preview', {
          variant_ids: variantIds,
        })) as { listings: WritebackListing[] };
        return listings.filter((l) => l.last_push?.status === 'queued').length;
      },
      { timeout: 60_000 },
    )
    .toBe(0);
}

const ALL_THREE = ['shopify', 'ebay', 'tiktok'];
const onAllThree = (platforms: Record<string, unknown>) => ALL_THREE.every((k) => k in platforms);
type ProductPage = { products: { id: string; platforms: Record<string, unknown> }[] };
type Detail = { variants: { id: string; title: string; platforms: Record<string, unknown> }[] };

/** A product listed on the three accounts and one of its variants listed on each of them. */
async function variantOnEveryAccount(api: OrgApi) {
  for (let page = 1; ; page++) {
    const list = (await api('GET', `/v1/products?page=${page}&pageSize=100`)) as ProductPage;
    expect(list.products.length, 'a variant listed on all three accounts').toBeGreaterThan(0);
    for (const product of list.products.filter((p) => onAllThree(p.platforms))) {
      const detail = (await api('GET', `/v1/products/${product.id}`)) as Detail;
      const typed = detail.variants.find((v) => onAllThree(v.platforms));
      if (typed) return { everywhere: product, typed };
    }
  }
}

test('generated and typed SKUs reach the sandbox channels, and a re-import links every listing by SKU', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const { orgPath, api } = await newSeller(page, request, 'Skus');
  await connectShopify(page, orgPath);
  await connectEbayAndTiktok(page, orgPath);
  await importEverything(api);
  const blanks = await conflicts(api, '&kind=blank');
  expect(blanks.total).toBeGreaterThan(0);
  const products = await productTotal(api);

  // Generate SKUs for every product missing one: the write-back preview opens, then Send.
  await page.goto(`${orgPath}/inventory?missingSku=true&pageSize=100`);
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
  const selectAll = page.getByRole('button', { name: /^Select all \d+ products$/ });
  if (await selectAll.isVisible()) await selectAll.click();
  await page.getByRole('button', { name: 'Generate SKUs' }).click();
  // Generating for the whole filtered catalogue is one request: slow on a busy machine.
  await expect(page.getByText('Generated new skus')).toBeVisible({ timeout: 60_000 });
  const writeback = page.getByRole('dialog', { name: 'Send SKUs to the channels' });
  await expect(writeback.getByText(/^\d+ of \d+ listings will get their SKU\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(writeback.getByRole('row', { name: /shopify/ }).first()).toContainText(
    'Will be sent',
  );
  await writeback.getByRole('button', { name: /^Send \d+ SKUs?$/ }).click();
  await expect(page.getByText(/^Sending \d+ SKUs? to the channels$/)).toBeVisible();

  // A variant listed on all three accounts gets a SKU typed on its product page.
  const { everywhere, typed } = await variantOnEveryAccount(api);
  await page.goto(`${orgPath}/products/${everywhere.id}`);
  const skuField = page.getByRole('textbox', { name: `SKU of ${typed.title}` });
  await skuField.fill('E2E-TYPED-SKU-1');
  await skuField.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send SKUs to the channels' });
  await expect(dialog.getByText('2 of 3 listings will get their SKU.')).toBeVisible();
  await expect(dialog.getByRole('row', { name: /shopify/ })).toContainText('Will be sent');
  await expect(dialog.getByRole('row', { name: /tiktok/ })).toContainText('Will be sent');
  const ebayRow = dialog.getByRole('row', { name: /ebay/ });
  await expect(ebayRow).toContainText('Not sent');
  await expect(ebayRow).toContainText(EBAY_REASON);
  await dialog.getByRole('button', { name: 'Send 2 SKUs' }).click();
  await expect(page.getByText('Sending 2 SKUs to the channels')).toBeVisible();
  await expectSent(api, [typed.id]);
  const sent = (await api('POST', '/v1/sku-writeback/preview', { variant_ids: [typed.id] })) as {
    listings: WritebackListing[];
  };
  const statusOf = (platform: string) =>
    sent.listings.find((l) => l.platform === platform)?.last_push?.status;
  expect([statusOf('shopify'), statusOf('tiktok')]).toEqual(['pushed', 'pushed']);

  // The channels hold them: re-importing every catalogue reads them back, creates no product and
  // leaves no blank; the one listing left different is eBay's, whose key cannot change.
  await expect
    .poll(async () => (await conflicts(api, '&kind=blank')).total, {
      timeout: 60_000,
    })
    .toBe(0);
  await importEverything(api);
  expect(await productTotal(api)).toBe(products);
  expect((await conflicts(api, '&kind=blank')).total).toBe(0);
  const mismatches = (await conflicts(api, '&kind=mismatch')).conflicts;
  const ofTyped = mismatches.find((c) => c.variant?.id === typed.id)!;
  expect(ofTyped.listings.map((l) => l.platform)).toEqual(['ebay']);
  const { listings } = (await api('GET', `/v1/products/${everywhere.id}/listings`)) as {
    listings: { variant_id: string; platform: string }[];
  };
  const typedOn = listings.filter((l) => l.variant_id === typed.id).map((l) => l.platform);
  expect(typedOn.sort()).toEqual(['ebay', 'shopify', 'tiktok']);

  // The inventory links to the conflicts screen, which shows the same.
  await page.goto(`${orgPath}/inventory`);
  await page.getByRole('link', { name: 'SKU conflicts' }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/inventory/sku-conflicts`));
  await expect(page.getByRole('button', { name: 'Blanks (0)' })).toBeVisible();
});

test('a duplicate SKU on one account is fixed from Inventory → SKU conflicts', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { orgPath, api } = await newSeller(page, request, 'Duplicates');
  await connectShopify(page, orgPath);
  const first = await importSandboxProduct(api, 0);
  const second = await importSandboxProduct(api, 1);
  const [a, b] = [first.variants[0]!, second.variants[0]!];

  // a's Shopify listing is sent DUP-E2E-1; then a takes another SKU (not sent) and b takes
  // DUP-E2E-1 (sent): two listings of the store hold DUP-E2E-1.
  await api('POST', '/v1/variants/sku', { variant_id: a.id, sku: 'DUP-E2E-1' });
  await api('POST', '/v1/sku-writeback', { variant_ids: [a.id] });
  await expectSent(api, [a.id]);
  await api('POST', '/v1/variants/sku', { variant_id: a.id, sku: 'DUP-E2E-A' });
  await api('POST', '/v1/variants/sku', { variant_id: b.id, sku: 'DUP-E2E-1' });
  await api('POST', '/v1/sku-writeback', { variant_ids: [b.id] });
  await expectSent(api, [b.id]);

  await page.goto(`${orgPath}/inventory`);
  await page.getByRole('link', { name: 'SKU conflicts' }).click();
  await page.getByRole('button', { name: 'Duplicates (1)' }).click();
  const table = page.getByRole('table', { name: 'SKU conflicts' });
  const row = table.getByRole('row').filter({ hasText: 'DUP-E2E-1' });
  await expect(row).toContainText(first.title);
  await expect(row.getByRole('combobox')).toHaveValue('push_ours');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Preview fixes (1)' }).click();

  const dialog = page.getByRole('dialog', { name: 'Fix SKU conflicts' });
  await expect(dialog.getByText('1 of 1 conflicts will be fixed.')).toBeVisible();
  const listingRow = dialog
    .getByRole('table', { name: 'SKUs per listing' })
    .getByRole('row')
    .filter({ hasText: 'DUP-E2E-A' });
  await expect(listingRow).toContainText('Will be sent');
  await dialog.getByRole('button', { name: 'Apply 1 fix' }).click();
  const done = page.getByRole('dialog', { name: 'Fixes applied' });
  await expect(done.getByRole('list', { name: 'Results' })).toContainText('Fixed');
  await page.keyboard.press('Escape');
  await expect(done).toHaveCount(0);

  // Once the store has it, no duplicate is left.
  await expectSent(api, [a.id]);
  await expect
    .poll(async () => (await conflicts(api, '&kind=duplicate_on_account')).total, {
      timeout: 30_000,
    })
    .toBe(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Duplicates (0)' })).toBeVisible();
});
