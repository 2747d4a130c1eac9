// @vitest-environment jsdom
import {
  ledgerEntrySchema,
  quantityConflictSchema,
  updateCostResponseSchema,
  variantSchema,
} from '@stocksync/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer } from '@/testing/api-server';
import { renderScreen } from '@/testing/render';
import { QuantityInput } from './quantity-input';

// Typing, a 409 and a dialog: several seconds on a loaded CI machine (it timed out at 5 s once).
vi.setConfig({ testTimeout: 20_000 });

// Sonner keeps its toasts across renders: a test's 'Updated quantity' must not stand in for, or
// hide, the next test's.
afterEach(() => {
  toast.dismiss();
});

const ORG_ID = '00000000-0000-4000-8000-0000000000aa';
const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';
const VARIANT_ID = '00000000-0000-4000-8000-0000000000c1';

const variantWith = (available_qty: number) =>
  variantSchema.parse({
    id: VARIANT_ID,
    title: 'Large',
    sku: 'MUG-L',
    available_qty,
    cost_price: '2.00',
    current_price: '9.00',
    price_currency: null,
    platforms: {},
  });

const sale = ledgerEntrySchema.parse({
  id: '41',
  variant_id: VARIANT_ID,
  variant_title: 'Large',
  sku: 'MUG-L',
  delta: -2,
  qty_before: 26,
  qty_after: 24,
  cause: 'order',
  platform: 'ebay',
  alias: 'main',
  reference: '1003',
  order_name: '1003',
  user_email: null,
  created_at: new Date(Date.now() - 60_000).toISOString(),
});

/** POST /v1/variants/quantity answered by `answer`; returns the bodies the field sent. */
function answerQuantity(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  apiServer.use(
    http.post('/v1/variants/quantity', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }),
    http.get(`/v1/products/${PRODUCT_ID}`, () => new HttpResponse(null, { status: 404 })),
  );
  return sent;
}

const saved = (quantity: number) =>
  HttpResponse.json(updateCostResponseSchema.parse({ variant: variantWith(quantity) }));

function renderField(quantity: number) {
  return renderScreen(
    <QuantityInput
      orgId={ORG_ID}
      orgName="Acme"
      productId={PRODUCT_ID}
      variant={variantWith(quantity)}
    />,
  );
}

describe('quantity field (issue 22 item 2)', () => {
  it('sends a set with the quantity the seller saw', async () => {
    const sent = answerQuantity(() => saved(31));
    const { user } = renderField(26);
    const field = await screen.findByLabelText('Quantity of Large');
    await user.clear(field);
    await user.type(field, '31{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ variant_id: VARIANT_ID, quantity: 31, expected: 26 });
    // The toast fades in: wait until it is shown, not only added.
    await waitFor(() => expect(screen.getByText('Updated quantity')).toBeVisible(), {
      timeout: 5000,
    });
  });

  it('shows what changed a stale set and applies the seller’s change on top', async () => {
    const conflict = quantityConflictSchema.parse({
      error: 'The quantity changed since you saw it',
      field: 'expected',
      quantity: 24,
      changes: [sale],
    });
    const sent = answerQuantity((body) =>
      'expected' in body ? HttpResponse.json(conflict, { status: 409 }) : saved(29),
    );
    const { user } = renderField(26);
    const field = await screen.findByLabelText('Quantity of Large');
    await user.clear(field);
    await user.type(field, '31{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'The quantity changed' });
    expect(dialog).toHaveTextContent('Large is now 24, not the 26 you saw. Nothing was saved.');
    const changes = within(dialog).getByRole('list', { name: 'Changes since you saw it' });
    // The order, its channel, what it did and when (the ledger's words for the cause).
    for (const part of [/1003/, /eBay \(main\)/, /: sold 2, 1 min ago$/])
      expect(changes).toHaveTextContent(part);
    await user.click(within(dialog).getByRole('button', { name: 'Apply +5 (→ 29)' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ variant_id: VARIANT_ID, adjust: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The toast fades in: wait until it is shown, not only added.
    await waitFor(() => expect(screen.getByText('Updated quantity')).toBeVisible(), {
      timeout: 5000,
    });
  });

  it('can set the typed number again, now expecting the new quantity', async () => {
    const conflict = quantityConflictSchema.parse({
      error: 'The quantity changed since you saw it',
      field: 'expected',
      quantity: 24,
      changes: [sale],
    });
    const sent = answerQuantity((body) =>
      body.expected === 26 ? HttpResponse.json(conflict, { status: 409 }) : saved(31),
    );
    const { user } = renderField(26);
    const field = await screen.findByLabelText('Quantity of Large');
    await user.clear(field);
    await user.type(field, '31{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'The quantity changed' });
    await user.click(within(dialog).getByRole('button', { name: 'Set to 31' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ variant_id: VARIANT_ID, quantity: 31, expected: 24 });
  });

  it('adds and removes units with +/−, and says why a removal is refused', async () => {
    const sent = answerQuantity((body) =>
      body.adjust === -9
        ? HttpResponse.json(
            quantityConflictSchema.parse({
              error: 'Not enough in stock to remove that many',
              field: 'adjust',
              quantity: 4,
              changes: [],
            }),
            { status: 409 },
          )
        : saved(4),
    );
    const { user } = renderField(6);
    const adjust = await screen.findByLabelText('Adjust quantity of Large');
    await user.type(adjust, '-2{Enter}');
    await waitFor(() => expect(sent).toEqual([{ variant_id: VARIANT_ID, adjust: -2 }]));
    await user.type(adjust, '-9{Enter}');
    expect(await screen.findByText('Not enough in stock to remove that many')).toBeVisible();
    expect(screen.getByText('4 in stock now.')).toBeVisible();
    await user.clear(adjust);
    await user.type(adjust, '1.5{Enter}');
    expect(await screen.findByText('Adjustment must be a whole number')).toBeVisible();
    expect(sent).toHaveLength(2);
  });

  it('marks an oversold and a low quantity', async () => {
    const { unmount } = renderField(-2);
    expect(await screen.findByText('Oversold')).toBeVisible();
    unmount();
    renderField(5);
    expect(await screen.findByText('Low stock')).toBeVisible();
  });
});
