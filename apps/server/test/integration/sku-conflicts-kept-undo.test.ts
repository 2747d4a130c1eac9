import { expect, it } from 'vitest';
import { signIn } from '../support/app';
import { connectShopify, DEMO_SHOP } from '../support/channels';
import { importWorld } from '../support/imports';
import {
  conflictsFromListings,
  countsOf,
  keptConflicts,
  keptCounts,
} from '../support/sku-conflicts-kept';
import { orgCall } from './catalog-fixtures';

// The SKU conflicts kept by triggers (docs/decisions/0057) after an import is undone: the
// listings it created go, and their conflicts with them.

const world = importWorld();

it('undoing an import removes the conflicts of the listings it created', async () => {
  const { t, ch, harness } = world;
  const user = await signIn(t);
  const pc = await connectShopify(t, user);
  const blank = (title: string) => ({
    title,
    sku: '',
    price: '5.00',
    optionValues: [title],
    quantities: [],
  });
  ch.shopify.shop(DEMO_SHOP).addProduct(
    {
      title: 'Kept blank',
      vendor: 'Kept',
      productType: 'Test',
      descriptionHtml: 'Without SKUs',
      options: ['Size'],
      variants: [blank('S'), blank('M')],
    },
    Date.now(),
  );
  const done = await harness.importAndRun(user, 'shopify', { pc_id: pc, all: true });
  expect(done, String(done.error)).toMatchObject({ status: 'completed', failed: 0 });
  const kept = await keptConflicts(t.db.db, user.firstOrgId);
  expect(kept).toEqual(await conflictsFromListings(t.db.db, user.firstOrgId));
  expect(kept.filter((k) => k.kind === 'blank').length).toBeGreaterThanOrEqual(2);
  expect(await keptCounts(t.db.db, user.firstOrgId)).toEqual(countsOf(kept));

  t.clock.advance(1000);
  const answer = await orgCall(t, user, 'POST', `/v1/imports/${done.id as string}/undo`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(await keptConflicts(t.db.db, user.firstOrgId)).toEqual([]);
  expect(await conflictsFromListings(t.db.db, user.firstOrgId)).toEqual([]);
  expect(await keptCounts(t.db.db, user.firstOrgId)).toEqual({});
});
