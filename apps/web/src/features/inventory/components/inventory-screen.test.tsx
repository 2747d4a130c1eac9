// @vitest-environment jsdom
import { roleMessages, type ListProductsResponse, type ProductRow } from '@stocksync/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { testOrganization } from '@/testing/organization';
import { renderScreen } from '@/testing/render';
import { signInAs } from '@/testing/session';
import { inventorySearchSchema } from '../inventory-search';
import { InventoryScreen } from './inventory-screen';

const organization = testOrganization;

// Every field of a list row (lowest_qty: issue 22 item 3), as the API answers it.
const product = (n: number, isSynced: boolean) =>
  ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Wool scarf ${n}`,
    sku: `WS-${n}`,
    is_synced: isSynced,
    available_qty: n,
    variants: 1,
    missing_sku: false,
    platforms: {},
    updated_at: '2026-01-01T10:00:00.000Z',
    lowest_qty: n,
  }) as ProductRow;

/**
 * The list as the API answers it: 3 rows of 303 matching products (120 of them with sync off),
 * and the sync calls. Returns the list queries and the sync bodies the screen sent.
 */
function answerInventoryApi() {
  const asked: URLSearchParams[] = [];
  const synced: unknown[] = [];
  apiServer.use(
    http.get('/v1/products', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const total = query.get('synced') === 'false' ? 120 : 303;
      const list: ListProductsResponse = {
        products: [product(1, false), product(2, true), product(3, true)],
        total,
        page: Number(query.get('page') ?? 1),
        pageSize: Number(query.get('pageSize') ?? 50),
      };
      return HttpResponse.json(list);
    }),
    http.post('/v1/products/sync', async ({ request }) => {
      synced.push(await request.json());
      return HttpResponse.json({ products: [], changed: 120 });
    }),
    http.get('/v1/subscriptions/gated', () => HttpResponse.json({ is_gated: false })),
  );
  return { asked, synced };
}

function renderInventory(url: string) {
  return renderScreen(<InventoryScreen orgId={organization.id} orgName={organization.name} />, {
    path: '/$org/inventory',
    url,
    validateSearch: (search) => inventorySearchSchema.parse(search),
  });
}

const table = () => screen.getByRole('table', { name: 'Products' });

describe('the inventory table', { timeout: 30_000 }, () => {
  it('lets a viewer select rows but not toggle sync or generate SKUs, saying which role is needed', async () => {
    const { synced } = answerInventoryApi();
    signInAs('viewer');
    const { user } = renderInventory('/Acme/inventory');
    await screen.findByText('Wool scarf 1');
    await user.click(within(table()).getByRole('checkbox', { name: /select all/i }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    for (const name of ['Toggle sync', 'Generate SKUs']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', roleMessages.disabled('member'));
    }
    expect(synced).toEqual([]);
  });

  it('lets a member toggle sync and generate SKUs on the selected rows', async () => {
    answerInventoryApi();
    signInAs('member');
    const { user } = renderInventory('/Acme/inventory');
    await screen.findByText('Wool scarf 1');
    await user.click(within(table()).getByRole('checkbox', { name: /select all/i }));
    for (const name of ['Toggle sync', 'Generate SKUs']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeEnabled();
      expect(button).not.toHaveAttribute('title');
    }
  });

  it('sorts on the server from a column header, keeping the sort in the URL', async () => {
    const { asked } = answerInventoryApi();
    const { user, router } = renderInventory('/Acme/inventory?page=3&search=%22wool%22');
    await screen.findByText('Wool scarf 1');
    const qty = within(table()).getByRole('columnheader', { name: /Available Qty/ });
    expect(qty).toHaveAttribute('aria-sort', 'none');

    await user.click(within(qty).getByRole('button'));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        sort: 'available_qty',
        order: 'asc',
        page: 1,
        search: 'wool',
      }),
    );
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('available_qty'));
    expect(asked.at(-1)?.get('order')).toBe('asc');
    expect(asked.at(-1)?.get('search')).toBe('wool');
    expect(within(table()).getByRole('columnheader', { name: /Available Qty/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // Descending, then back to newest first.
    await user.click(
      within(within(table()).getByRole('columnheader', { name: /Available Qty/ })).getByRole(
        'button',
      ),
    );
    await waitFor(() => expect(asked.at(-1)?.get('order')).toBe('desc'));
    await user.click(
      within(within(table()).getByRole('columnheader', { name: /Available Qty/ })).getByRole(
        'button',
      ),
    );
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('sort'));
    expect(asked.at(-1)?.has('sort')).toBe(false);
  });

  it('reads the sort from the URL it was opened with', async () => {
    const { asked } = answerInventoryApi();
    renderInventory('/Acme/inventory?sort=title&order=desc&page=2');
    await screen.findByText('Wool scarf 1');
    expect(asked[0]?.get('sort')).toBe('title');
    expect(asked[0]?.get('order')).toBe('desc');
    expect(asked[0]?.get('page')).toBe('2');
    expect(within(table()).getByRole('columnheader', { name: /Product/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('turns sync on for all the products the filters match, saying for how many', async () => {
    const { synced } = answerInventoryApi();
    const { user } = renderInventory('/Acme/inventory?search=%22wool%22');
    await screen.findByText('Wool scarf 1');
    await user.click(within(table()).getByRole('checkbox', { name: /select all/i }));
    await user.click(screen.getByRole('button', { name: 'Select all 303 products' }));
    expect(screen.getByText('All 303 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle sync' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('heading', { name: 'Turn sync on for 120 products?' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Sync turns on for 120 of the 303 products matching these filters, on every page; 183 already have it on',
    );

    // The seller may choose off instead: the title and the button follow.
    await user.click(within(dialog).getByRole('radio', { name: 'Turn sync off' }));
    expect(
      within(dialog).getByRole('heading', { name: 'Turn sync off for 183 products?' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Turn sync on' }));
    await user.click(within(dialog).getByRole('button', { name: 'Turn sync on' }));

    await waitFor(() => expect(synced).toHaveLength(1));
    expect(synced[0]).toEqual({
      all_selected: true,
      filters: { search: 'wool' },
      is_synced: true,
    });
    expect(await screen.findByText('Updated product sync state')).toBeInTheDocument();
  });

  it('turns sync off for the selected rows of the page without a flip', async () => {
    const { synced } = answerInventoryApi();
    const { user } = renderInventory('/Acme/inventory');
    await screen.findByText('Wool scarf 2');
    await user.click(within(table()).getByRole('checkbox', { name: /Wool scarf 2/ }));
    await user.click(within(table()).getByRole('checkbox', { name: /Wool scarf 3/ }));
    await user.click(screen.getByRole('button', { name: 'Toggle sync' }));
    const dialog = await screen.findByRole('dialog');
    // Both already have sync on: turning it off is what is offered.
    expect(
      within(dialog).getByRole('heading', { name: 'Turn sync off for 2 products?' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Turn sync off' }));
    await waitFor(() => expect(synced).toHaveLength(1));
    expect(synced[0]).toEqual({
      ids: [product(2, true).id, product(3, true).id],
      is_synced: false,
    });
  });
});
