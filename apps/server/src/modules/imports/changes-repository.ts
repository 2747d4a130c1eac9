import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { ImportChangeKind } from '../../db/tables/imports';
import type { BatchPlan } from './batch-plan';

interface Change {
  kind: ImportChangeKind;
  target: string;
  before: unknown;
  after: unknown;
}

/** What a batch changed, as undo needs it: rows it created, values it replaced. */
function changesOf(plan: BatchPlan, createdListingIds: readonly string[]): Change[] {
  const created = (kind: ImportChangeKind) => (id: string) => ({
    kind,
    target: id,
    before: null,
    after: null,
  });
  return [
    ...plan.newProducts.map((p) => ({
      ...created('product_created')(p.id),
      after: { title: p.title },
    })),
    ...plan.newVariants.map((v) => created('variant_created')(v.id)),
    ...createdListingIds.map(created('listing_created')),
    ...plan.productTitles.map((p) => ({
      kind: 'product_updated' as const,
      target: p.id,
      before: { title: p.before },
      after: { title: p.title },
    })),
    ...plan.updates.map((u) => ({
      kind: 'variant_updated' as const,
      target: u.id,
      before: { title: u.before.title, price: u.before.price },
      after: { title: u.title, price: u.price },
    })),
    ...plan.stock.map((m) => ({
      kind: 'stock_set' as const,
      target: m.variantId,
      before: { qty: m.qtyBefore },
      after: { qty: m.qtyAfter },
    })),
  ];
}

/** The import_changes table: what each import changed, for its undo (ADR 0053). */
export class ImportChangesRepository {
  constructor(private readonly db: Db) {}

  /** In the batch's transaction. */
  async record(
    organizationId: string,
    importId: string,
    plan: BatchPlan,
    createdListingIds: readonly string[],
  ): Promise<void> {
    const changes = changesOf(plan, createdListingIds);
    if (changes.length === 0) return;
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    await sql`
      INSERT INTO import_changes (import_id, organization_id, kind, target_id, before, after)
      SELECT ${importId}::uuid, ${organizationId}::uuid, kind, target_id, before, after
      FROM unnest(${changes.map((c) => c.kind)}::text[], ${changes.map((c) => c.target)}::uuid[],
        ${changes.map((c) => json(c.before))}::jsonb[], ${changes.map((c) => json(c.after))}::jsonb[])
        AS t (kind, target_id, before, after)`.execute(this.db);
  }

  /** Every change of the import, oldest first. */
  async of(importId: string) {
    return this.db
      .selectFrom('import_changes')
      .select(['kind', 'target_id', 'before', 'after'])
      .where('import_id', '=', importId)
      .orderBy('id')
      .execute();
  }

  /** Whether the import changed anything. */
  async any(importId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('import_changes')
      .select('id')
      .where('import_id', '=', importId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
