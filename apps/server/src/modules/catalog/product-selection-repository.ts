import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/types';
import { filterExpression, patternsOf, type ProductFilters } from './product-filters-repository';

/**
 * What a bulk action covers: the products named, or with `allSelected` every product the list's
 * filters match on every page ("All N selected"), resolved on the server when the action runs.
 */
export type ProductSelection =
  { allSelected: false; ids: readonly string[] } | { allSelected: true; filters: ProductFilters };

/** The products of a selection, and bulk writes over them, within one organisation. */
export class ProductSelectionRepository {
  constructor(private readonly db: Db) {}

  /** How many of the selected products have sync off (turning sync on adds that many). */
  async unsyncedCount(organizationId: string, selection: ProductSelection): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) =>
        eb.and([
          this.selected(eb, organizationId, selection),
          eb('products.is_synced', '=', false),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Sets is_synced on every selected product whose flag differs, in one statement; returns those
   * it changed (id, title, new flag).
   */
  async setSyncedWhere(
    organizationId: string,
    filters: ProductFilters,
    value: boolean,
    now: Date,
  ): Promise<{ id: string; title: string; is_synced: boolean }[]> {
    return this.db
      .updateTable('products')
      .set({ is_synced: value, updated_at: now })
      .where((eb) =>
        eb.and([
          filterExpression(eb, organizationId, filters, patternsOf(filters)),
          eb('products.is_synced', '<>', value),
        ]),
      )
      .returning(['id', 'title', 'is_synced'])
      .execute();
  }

  /** Ids of every product the filters match (the organisation's, all pages). */
  async matchingIds(organizationId: string, filters: ProductFilters): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('products.id')
      .where((eb) => filterExpression(eb, organizationId, filters, patternsOf(filters)))
      .execute();
    return rows.map((r) => r.id);
  }

  private selected(
    eb: ExpressionBuilder<Database, 'products'>,
    organizationId: string,
    selection: ProductSelection,
  ): Expression<SqlBool> {
    if (selection.allSelected) {
      const { filters } = selection;
      return filterExpression(eb, organizationId, filters, patternsOf(filters));
    }
    return eb.and([
      eb('products.organization_id', '=', organizationId),
      eb('products.id', '=', sql<string>`any(${[...selection.ids]}::uuid[])`),
    ]);
  }
}
