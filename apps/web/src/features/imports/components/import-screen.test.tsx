// @vitest-environment jsdom
import {
  importMessages,
  importPreviewSchema,
  importSchema,
  marketplaceAccountSchema,
  remoteProductsResponseSchema,
  roleMessages,
  type Import,
  type RemoteProductsResponse,
} from '@stocksync/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { signInAs } from '@/testing/session';
import { ImportScreen } from './import-screen';

const organization = testOrganization;
const PC_ID = '00000000-0000-4000-8000-0000000000cc';
const IMPORT_ID = '00000000-0000-4000-8000-0000000000dd';

const account = marketplaceAccountSchema.parse({
  id: '00000000-0000-4000-8000-0000000000bb',
  alias: 'shop-1',
  username: null,
  ebay_id: null,
  marketplace_id: null,
  refresh_token_expiry: null,
  platform_connection_id: PC_ID,
  status: 'active',
  sandbox: false,
  shop_domain: 'shop-1.myshopify.com',
});

const product = (externalId: string, title: string, imported: string | null = null) => ({
  external_id: externalId,
  title,
  variants: 3,
  quantity: 12,
  product_id: imported,
  is_synced: imported !== null,
});
const firstPage = remoteProductsResponseSchema.parse({
  products: [
    product('gid://1', 'Linen shirt'),
    product('gid://2', 'Wool scarf'),
    product('gid://3', 'Felt hat', '00000000-0000-4000-8000-0000000000ee'),
  ],
  next_cursor: 'page-2',
});
const secondPage = remoteProductsResponseSchema.parse({
  products: [product('gid://4', 'Canvas bag')],
  next_cursor: null,
});

const job = (status: Import['status'], done: number): Import =>
  importSchema.parse({
    id: IMPORT_ID,
    pc_id: PC_ID,
    status,
    total: 2,
    done,
    failed: 0,
    started_at: '2026-01-01T10:00:00.000Z',
    finished_at: status === 'completed' ? '2026-01-01T10:00:05.000Z' : null,
    eta_seconds: null,
    error: null,
    created_at: '2026-01-01T10:00:00.000Z',
    undone_at: null,
    undo_until: status === 'completed' ? '2026-01-08T10:00:05.000Z' : null,
  });

/** The dry run's answer: one product linked with its title kept, one new. */
const preview = importPreviewSchema.parse({
  dry_run: true,
  totals: {
    products: { create: 1, link: 1, update: 0, unchanged: 0, failed: 0 },
    variants: { create: 3, link: 3, update: 0 },
    listings: { create: 6, update: 0 },
    kept: 1,
  },
  products: [
    {
      external_id: 'gid://1',
      title: 'Linen shirt',
      product_id: null,
      our_title: null,
      action: 'create',
      reason: null,
      variants: { create: 3, link: 0, update: 0 },
      changes: [],
    },
    {
      external_id: 'gid://2',
      title: 'Wool scarf',
      product_id: '00000000-0000-4000-8000-0000000000ef',
      our_title: 'Merino scarf',
      action: 'link',
      reason: null,
      variants: { create: 0, link: 3, update: 0 },
      changes: [
        {
          target: 'product',
          sku: '',
          field: 'title',
          before: 'Merino scarf',
          after: 'Wool scarf',
          kept: 'other_source',
        },
      ],
    },
  ],
  truncated: false,
});

type Catalogue = {
  pages?: Record<string, RemoteProductsResponse>;
  productsStatus?: number;
  running?: Import[];
  progress?: Import[];
  start?: () => Response;
};

/**
 * The calls of the import screen (spec §2, §7), answered as the API does. Returns what the
 * screen asked for: catalogue queries and import starts.
 */
function answerImportApi({
  pages = { '': firstPage, 'page-2': secondPage },
  productsStatus,
  running = [],
  progress = [job('running', 1), job('completed', 2)],
  start = () => HttpResponse.json({ import_id: IMPORT_ID }, { status: 202 }),
}: Catalogue = {}) {
  const asked: URLSearchParams[] = [];
  const started: unknown[] = [];
  const previewed: unknown[] = [];
  const undone: unknown[] = [];
  let polls = 0;
  apiServer.use(
    http.get('/v1/platforms/shopify/alias', ({ request }) =>
      new URL(request.url).searchParams.get('alias') === 'shop-1'
        ? HttpResponse.json(account)
        : HttpResponse.json({ error: 'Not found' }, { status: 404 }),
    ),
    http.get('/v1/platforms/products', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (productsStatus) {
        return HttpResponse.json({ error: 'Shopify is not answering' }, { status: productsStatus });
      }
      const search = query.get('search');
      const page = pages[query.get('cursor') ?? ''] ?? firstPage;
      return HttpResponse.json(
        search
          ? { products: page.products.filter((p) => p.title.includes(search)), next_cursor: null }
          : page,
      );
    }),
    http.get('/v1/imports', () => HttpResponse.json({ imports: running })),
    http.get('/v1/imports/:id', () => {
      const answer = progress[Math.min(polls, progress.length - 1)];
      polls += 1;
      return HttpResponse.json(answer);
    }),
    http.post('/v1/import/shopify', async ({ request }) => {
      const body = (await request.json()) as { dry_run?: boolean };
      if (body.dry_run) {
        previewed.push(body);
        return HttpResponse.json(preview);
      }
      started.push(body);
      return start();
    }),
    http.post('/v1/imports/:id/undo', ({ params }) => {
      undone.push(params.id);
      return HttpResponse.json({
        import_id: params.id,
        products_deleted: 1,
        variants_deleted: 3,
        listings_deleted: 6,
        products_restored: 0,
        variants_restored: 0,
        quantities_restored: 0,
      });
    }),
    http.get('/v1/subscriptions/gated', () => HttpResponse.json({ is_gated: false })),
  );
  return { asked, started, previewed, undone };
}

function renderImportScreen() {
  return renderScreen(
    <ImportScreen organization={organization} platform="shopify" alias="shop-1" />,
    {
      path: '/$org/integrations/$platform/$alias/import',
      url: '/Acme/integrations/shopify/shop-1/import',
    },
  );
}

const table = () => screen.getByRole('table', { name: 'Products to import' });
const rowOf = (title: string) => within(table()).getByRole('row', { name: new RegExp(title) });

describe('import screen', () => {
  it("lists a page of the account's catalogue: imported products link to their page", async () => {
    const { asked } = answerImportApi();
    renderImportScreen();
    expect(await screen.findByRole('heading', { name: 'Import from shop-1' })).toBeVisible();
    expect(await screen.findByText('Linen shirt')).toBeVisible();
    expect(rowOf('Linen shirt')).toHaveTextContent('Not synced');
    expect(rowOf('Linen shirt')).toHaveTextContent('12 in stock for 3 variants');
    expect(within(rowOf('Felt hat')).getByRole('link', { name: 'Felt hat' })).toHaveAttribute(
      'href',
      '/Acme/products/00000000-0000-4000-8000-0000000000ee',
    );
    expect(rowOf('Felt hat')).toHaveTextContent('Synced');
    expect(asked[0]!.get('pc_id')).toBe(PC_ID);
  });

  it('shows a spinner while the catalogue page loads', async () => {
    let answer = () => {};
    answerImportApi();
    apiServer.use(
      http.get('/v1/platforms/products', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(firstPage);
      }),
    );
    renderImportScreen();
    expect(await screen.findByRole('status', { name: 'Loading products' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('Linen shirt')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading products' })).not.toBeInTheDocument();
  });

  it('imports the selected products and follows the import to its end', async () => {
    const { started, asked } = answerImportApi();
    const { user } = renderImportScreen();
    await screen.findByText('Linen shirt');
    const importSelected = screen.getByRole('button', { name: 'Import selected' });
    expect(importSelected).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select Linen shirt' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Wool scarf' }));
    await user.click(screen.getByRole('button', { name: 'Import selected (2)' }));

    // The dry run first: what would change, nothing written yet.
    const dialog = await screen.findByRole('dialog', { name: 'Import 2 selected products?' });
    expect(await within(dialog).findByText(/2 products: 1 new, 1 linked/)).toBeVisible();
    expect(dialog).toHaveTextContent('Title: kept “Merino scarf” (this channel says “Wool scarf”');
    expect(started).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText(importMessages.started)).toBeVisible();
    expect(started).toEqual([{ pc_id: PC_ID, product_ids: ['gid://1', 'gid://2'] }]);
    const progress = screen.getByRole('region', { name: 'Import progress' });
    expect(progress).toHaveTextContent(/1 of 2 imported|Import finished/);
    // While it runs no other import can start.
    expect(screen.getByRole('button', { name: 'Import all' })).toBeDisabled();

    expect(await within(progress).findByText('Import finished')).toBeVisible();
    expect(progress).toHaveTextContent('2 of 2 imported');
    // The selection was imported: it is cleared.
    expect(screen.getByRole('button', { name: 'Import selected' })).toBeDisabled();
    // The catalogue is read again, so newly imported products show as such.
    await waitFor(() => expect(asked.length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: 'Import all' })).toBeEnabled();
  });

  it('imports the whole catalogue only after the seller saw the dry run and confirmed', async () => {
    const { started, previewed } = answerImportApi();
    const { user } = renderImportScreen();
    await screen.findByText('Linen shirt');
    await user.click(screen.getByRole('button', { name: 'Import all' }));
    const dialog = screen.getByRole('dialog', { name: 'Import every product of shop-1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(started).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Import all' }));
    const again = screen.getByRole('dialog');
    await within(again).findByText(/2 products/);
    await user.click(within(again).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(started).toEqual([{ pc_id: PC_ID, all: true }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(previewed).toEqual([
      { pc_id: PC_ID, all: true, dry_run: true },
      { pc_id: PC_ID, all: true, dry_run: true },
    ]);
  });

  it('keeps the selection across pages, marks imported products, and undoes a finished import', async () => {
    const { started } = answerImportApi({
      running: [job('completed', 2)],
      progress: [job('completed', 2)],
    });
    const { user } = renderImportScreen();
    await screen.findByText('Linen shirt');
    expect(rowOf('Felt hat')).toHaveTextContent('Imported');
    expect(rowOf('Linen shirt')).not.toHaveTextContent('Imported');
    expect(screen.getByText(/3 products, 1 already imported/)).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Select Linen shirt' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Canvas bag' }));
    expect(screen.getByRole('button', { name: 'Import selected (2)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('checkbox', { name: 'Select Linen shirt' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Import selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import 2 selected products?' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(started).toEqual([{ pc_id: PC_ID, product_ids: ['gid://1', 'gid://4'] }]),
    );
  });

  it('undoes a finished import after the seller confirms', async () => {
    const { undone } = answerImportApi({
      running: [job('completed', 2)],
      progress: [job('completed', 2)],
    });
    const { user } = renderImportScreen();
    const progress = await screen.findByRole('region', { name: 'Import progress' });
    await user.click(within(progress).getByRole('button', { name: 'Undo import' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText(importMessages.undone)).toBeVisible();
    expect(undone).toEqual([IMPORT_ID]);
  });

  it('lets a viewer browse but not import or undo, saying which role is needed', async () => {
    const { started, previewed } = answerImportApi({
      running: [job('completed', 2)],
      progress: [job('completed', 2)],
    });
    signInAs('viewer');
    const { user } = renderImportScreen();
    const progress = await screen.findByRole('region', { name: 'Import progress' });
    const undo = within(progress).getByRole('button', { name: 'Undo import' });
    expect(undo).toBeDisabled();
    expect(undo).toHaveAttribute('title', roleMessages.disabled('member'));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Linen shirt' }));
    const importSelected = screen.getByRole('button', { name: 'Import selected (1)' });
    expect(importSelected).toBeDisabled();
    expect(importSelected).toHaveAccessibleDescription(roleMessages.disabled('member'));
    expect(screen.getByRole('button', { name: 'Import all' })).toBeDisabled();
    expect(screen.getByText(roleMessages.disabled('member'))).toBeVisible();
    expect([...started, ...previewed]).toEqual([]);
  });

  it('lets a member import and undo', async () => {
    answerImportApi({ running: [job('completed', 2)], progress: [job('completed', 2)] });
    signInAs('member');
    const { user } = renderImportScreen();
    const progress = await screen.findByRole('region', { name: 'Import progress' });
    expect(within(progress).getByRole('button', { name: 'Undo import' })).toBeEnabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Linen shirt' }));
    expect(screen.getByRole('button', { name: 'Import selected (1)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Import all' })).toBeEnabled();
    expect(screen.queryByText(roleMessages.disabled('member'))).toBeNull();
  });

  it('says why an import was refused, with the way to billing when the organisation is gated', async () => {
    answerImportApi({
      start: () =>
        HttpResponse.json(
          { error: 'Your organisation needs an active subscription to do this.' },
          { status: 402 },
        ),
    });
    const { user } = renderImportScreen();
    await screen.findByText('Linen shirt');
    await user.click(screen.getByRole('checkbox', { name: 'Select Wool scarf' }));
    await user.click(screen.getByRole('button', { name: 'Import selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import 1 selected product?' });
    await within(dialog).findByText(/2 products/);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText(importMessages.failed)).toBeVisible();
    const notice = await screen.findByRole('alert', { name: '' });
    expect(notice).toHaveTextContent('Your organisation needs an active subscription to do this.');
    expect(within(notice).getByRole('link', { name: 'Go to billing' })).toHaveAttribute(
      'href',
      '/Acme/settings/billing',
    );
    expect(screen.queryByRole('region', { name: 'Import progress' })).not.toBeInTheDocument();
  });

  it('follows an import that was already running when the screen opened', async () => {
    answerImportApi({ running: [job('running', 1)], progress: [job('running', 1)] });
    renderImportScreen();
    expect(
      await screen.findByText('An import is running; start another when it has finished.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Import progress' })).toHaveTextContent(
      '1 of 2 imported',
    );
    expect(screen.getByRole('button', { name: 'Import all' })).toBeDisabled();
  });

  it('searches the catalogue and says when nothing matches', async () => {
    const { asked } = answerImportApi();
    const { user } = renderImportScreen();
    await screen.findByText('Linen shirt');
    await user.type(screen.getByRole('searchbox', { name: 'Search products on shop-1' }), 'hat');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Felt hat')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Linen shirt')).not.toBeInTheDocument());
    expect(asked.at(-1)!.get('search')).toBe('hat');

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'boots');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No products of shop-1 match “boots”.')).toBeVisible();
  });

  it('pages through the catalogue with the cursor the API gives', async () => {
    const { asked } = answerImportApi();
    const { user } = renderImportScreen();
    await screen.findByText('Linen shirt');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Canvas bag')).toBeVisible();
    expect(asked.at(-1)!.get('cursor')).toBe('page-2');
    expect(screen.getByText(/^Page 2: 1 product/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Linen shirt')).toBeVisible();
  });

  it('says when the account has nothing to import', async () => {
    answerImportApi({ pages: { '': { products: [], next_cursor: null } } });
    renderImportScreen();
    expect(await screen.findByText('shop-1 has no products to import.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import all' })).toBeDisabled();
  });

  it('says the catalogue could not be loaded, and loads it after Try again', async () => {
    answerImportApi({ productsStatus: 502 });
    const { user } = renderImportScreen();
    const alert = await screen.findByRole('alert', {
      name: 'The products of shop-1 could not be loaded',
    });
    expect(alert).toHaveTextContent('Shopify is not answering');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    answerImportApi();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Linen shirt')).toBeVisible();
  });
});
