import {
  sql,
  type AliasedRawBuilder,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/types';
import { filterExpression, type ProductFilters } from './product-filters-repository';
import { rowColumns, withCounters } from './product-list-sql-repository';
import {
  SORT_COLUMNS,
  VOLATILE_KEYS_MS,
  VOLATILE_SETTLED_MS,
  type ProductOrder,
  type SortedKey,
} from './product-order';
import type { SearchPatterns } from './product-search-repository';

/** What a sorted query reads of its sort keys' table `k`, besides the sort column. */
interface SortKeyRow {
  product_id: string;
  organization_id: string;
}

/**
 * The product list in a sorted order (ADR 0050): a range of one index of the order's sort keys `k`
 * (product_sort_keys or product_stock_keys: organization_id, the sort column, product_id), read
 * forwards or backwards, joined to products by primary key for the page's rows only. The product id
 * breaks ties in the same direction, so the order is total and a position is a (value, id) pair.
 */
export class SortedOrder {
  /** The sort column of `k`. */
  readonly column: RawBuilder<unknown>;
  /** The table of the sort column, as `k`. */
  readonly keys: AliasedRawBuilder<SortKeyRow, 'k'>;
  readonly direction: 'asc' | 'desc';
  private readonly type: RawBuilder<unknown>;

  constructor(order: ProductOrder) {
    const { table, column, type } = SORT_COLUMNS[order.key];
    this.direction = order.direction;
    this.column = sql.raw(`k.${column}`);
    this.keys = sql<SortKeyRow>`${sql.table(table)}`.as('k');
    this.type = sql.raw(type);
  }

  /** `k`'s rows at or after a position, in this order. */
  from(value: Expression<unknown>, id: Expression<unknown>): RawBuilder<SqlBool> {
    const op = sql.raw(this.direction === 'asc' ? '>=' : '<=');
    return sql<SqlBool>`(${this.column}, k.product_id) ${op} (${value}, ${id})`;
  }

  /** `k`'s rows strictly after a position (a keyset cursor). */
  after(key: SortedKey): RawBuilder<SqlBool> {
    const op = sql.raw(this.direction === 'asc' ? '>' : '<');
    return sql<SqlBool>`(${this.column}, k.product_id) ${op} (${sql`${key.value}::${this.type}`}, ${sql`${key.id}::uuid`})`;
  }

  fromKey(key: SortedKey): RawBuilder<SqlBool> {
    return this.from(sql`${key.value}::${this.type}`, sql`${key.id}::uuid`);
  }

  /** ORDER BY of rows `alias` carrying `sort_value` and `id` (a page `p`, the matches `m`). */
  of(alias: string, id = 'id'): RawBuilder<unknown> {
    const dir = sql.raw(this.direction === 'asc' ? 'ASC' : 'DESC');
    return sql`${sql.raw(`${alias}.sort_value`)} ${dir}, ${sql.raw(`${alias}.${id}`)} ${dir}`;
  }
}

/**
 * The version of a volatile order's positions (quantity, synced, last changed), from the latest
 * change of the organisation's sort keys (the newest entry of its last-changed index: a few
 * buffers). While that change is recent, the VOLATILE_KEYS_MS window is added, so positions are
 * taken again at most that often and a change committed late with an earlier time is caught too;
 * once it has settled (VOLATILE_SETTLED_MS), the positions stay valid until the next change. For
 * other orders null (the catalogue version says when their positions move).
 */
export function positionsVersionOf(organizationId: string, order: ProductOrder) {
  if (!SORT_COLUMNS[order.key].volatile) return undefined;
  return sql<string>`(
    SELECT CASE
      WHEN c.at IS NULL THEN '0'
      WHEN c.at > now() - ${VOLATILE_SETTLED_MS}::int * interval '1 millisecond'
      THEN c.micros || '@' || floor(extract(epoch FROM now()) * 1000 / ${VOLATILE_KEYS_MS}::int)
      ELSE c.micros END
    FROM (SELECT max(k.updated_at) AS at,
                 (extract(epoch FROM max(k.updated_at)) * 1000000)::bigint::text AS micros
          FROM product_stock_keys k WHERE k.organization_id = ${organizationId}) c)`;
}

/** The catalogue's versions and the order's positions version (see orderVersion). */
export function sortedVersionQuery(organizationId: string, order: ProductOrder) {
  return sql<{
    list_version: string | null;
    search_version: string | null;
    positions: string | null;
  }>`
    SELECT s.list_version, s.search_version,
           ${positionsVersionOf(organizationId, order) ?? sql`NULL::text`} AS positions
    FROM (SELECT 1) AS one
    LEFT JOIN organization_catalog_stats s ON s.organization_id = ${organizationId}`;
}

type Bound = readonly [Expression<unknown>, Expression<unknown>];
/** The query's tables: the order's sort keys as `k`, and products. */
type KeysAndProducts = ExpressionBuilder<Database & { k: SortKeyRow }, 'k' | 'products'>;

/** `k` joined to its products, in the order; `where` on both. */
function sortedRows(db: Db, o: SortedOrder, where: (eb: KeysAndProducts) => Expression<SqlBool>) {
  return db
    .selectFrom(o.keys)
    .innerJoinLateral(
      // One primary-key lookup per row of the index walk, whatever the plan expects of LIMIT:
      // under generic plans (ADR 0045) a plain join could be planned as a hash join over the
      // whole catalogue. LIMIT 1 keeps PostgreSQL from flattening the subquery into a join.
      (eb) =>
        eb
          .selectFrom('products')
          .selectAll()
          .whereRef('products.id', '=', 'k.product_id')
          .limit(1)
          .as('products'),
      (join) => join.onTrue(),
    )
    .select(rowColumns)
    .select(['products.created_at', o.column.as('sort_value')])
    .where(where)
    .orderBy(o.column, o.direction)
    .orderBy('k.product_id', o.direction);
}

/**
 * One sorted page (row columns, created_at, sort_value). `from` starts it at a remembered position.
 * Without filters the page's first row is found by an index-only walk of the narrow index past
 * the rows to skip (fewer than a remembered step), then the page is one index range from there,
 * as in the default order (ADR 0013). With filters the index is walked joined to products, whose
 * columns the filters test (their totals come from the counters, as in the default order).
 */
export function sortedPageQuery(
  db: Db,
  organizationId: string,
  order: ProductOrder,
  filters: ProductFilters,
  page: { from?: SortedKey; offset: number; limit: number },
) {
  const o = new SortedOrder(order);
  const where = (eb: KeysAndProducts, bound: Bound | undefined) => {
    const conditions: Expression<SqlBool>[] = [eb('k.organization_id', '=', organizationId)];
    if (bound) conditions.push(o.from(bound[0], bound[1]));
    if (Object.keys(filters).length > 0) {
      // The filters name products' columns only.
      const products = eb as unknown as ExpressionBuilder<Database, 'products'>;
      conditions.push(filterExpression(products, organizationId, filters, undefined));
    }
    return eb.and(conditions);
  };
  const from: Bound | undefined = page.from && [
    sql`${page.from.value}::${sql.raw(SORT_COLUMNS[order.key].type)}`,
    sql`${page.from.id}::uuid`,
  ];
  const rows = (bound: Bound | undefined) =>
    sortedRows(db, o, (eb) => where(eb, bound)).limit(page.limit);
  // Only a deep unfiltered page starts at remembered positions, whose version it then checks.
  // (Under QueryShapes the offset is 0 or a placeholder, never compared as a number.)
  const deep = Object.keys(filters).length === 0 && (page.from !== undefined || page.offset !== 0);
  const positions = deep ? positionsVersionOf(organizationId, order) : undefined;
  if (page.offset === 0) {
    return withCounters(organizationId, rows(from), undefined, o.of('p'), positions);
  }
  if (Object.keys(filters).length > 0) {
    return withCounters(
      organizationId,
      rows(from).offset(page.offset),
      undefined,
      o.of('p'),
      positions,
    );
  }
  const start = db
    .selectFrom(o.keys)
    .select([o.column.as('sort_value'), 'k.product_id'])
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [eb('k.organization_id', '=', organizationId)];
      if (from) conditions.push(o.from(from[0], from[1]));
      return eb.and(conditions);
    })
    .orderBy(o.column, o.direction)
    .orderBy('k.product_id', o.direction)
    .offset(page.offset)
    .limit(1);
  const startAt: Bound = [sql.ref('start.sort_value'), sql.ref('start.product_id')];
  return withCounters(
    organizationId,
    sql`SELECT page.* FROM (${start}) AS start CROSS JOIN LATERAL (${rows(startAt)}) AS page`,
    undefined,
    o.of('p'),
    positions,
  );
}

/**
 * A sorted page of a search or of filters the counters cannot count: the matching products' keys
 * (with their sort values) gathered once, counted and ordered, and only the page's rows read in
 * full by the ctids the matching scan saw, as in the default order; `held` also returns the first
 * `held` matching ids in this order.
 */
export function sortedWindowQuery(
  db: Db,
  organizationId: string,
  order: ProductOrder,
  filters: ProductFilters,
  patterns: SearchPatterns | undefined,
  page: { offset: number; limit: number },
  held?: number,
) {
  const o = new SortedOrder(order);
  const matches = db
    .selectFrom('products')
    .innerJoin(o.keys, 'k.product_id', 'products.id')
    .select([sql<string>`products.ctid`.as('row_ref'), 'products.id', o.column.as('sort_value')])
    .where((eb) =>
      filterExpression(
        eb as unknown as ExpressionBuilder<Database, 'products'>,
        organizationId,
        filters,
        patterns,
      ),
    );
  const ordered = sql`ORDER BY ${o.of('m')}`;
  return withCounters(
    organizationId,
    sql`SELECT ${sql.join(rowColumns.map((c) => sql.ref(c)))}, products.created_at,
               ${o.column} AS sort_value
        FROM products
        CROSS JOIN LATERAL (
          SELECT * FROM ${o.keys} WHERE k.product_id = products.id LIMIT 1) k
        WHERE products.organization_id = ${organizationId}
          AND products.ctid = ANY (ARRAY(
            SELECT m.row_ref FROM m ${ordered} OFFSET ${page.offset} LIMIT ${page.limit}))`,
    {
      matches,
      ids:
        held === undefined
          ? undefined
          : sql`array_to_string(ARRAY(SELECT m.id FROM m ${ordered} LIMIT ${held}), ',')`,
    },
    o.of('p'),
    // Held matches are versioned (see SortedProductList).
    held === undefined ? undefined : positionsVersionOf(organizationId, order),
  );
}

/**
 * The page of given products (a sorted search's held matches, in `order`), in the order of `ids`,
 * with the order's positions version.
 */
export function sortedIdsQuery(
  organizationId: string,
  order: ProductOrder,
  ids: Expression<unknown>,
) {
  return withCounters(
    organizationId,
    sql`SELECT ${sql.join(rowColumns.map((c) => sql.ref(c)))}, products.created_at,
               x.n AS sort_value
        FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS x (id, n)
        JOIN products ON products.id = x.id
        WHERE products.organization_id = ${organizationId}`,
    undefined,
    sql`p.sort_value, p.id`,
    positionsVersionOf(organizationId, order),
  );
}

/** Every `step`-th position of the order (positions 0, step, 2·step, …). */
export function sortedKeysQuery(organizationId: string, order: ProductOrder, step: number) {
  const o = new SortedOrder(order);
  return sql<{ value: string; id: string }>`
    SELECT value, id
    FROM (
      SELECT ${o.column}::text AS value, k.product_id AS id,
             row_number() OVER (ORDER BY ${o.column} ${sql.raw(o.direction)},
                                          k.product_id ${sql.raw(o.direction)}) - 1 AS position
      FROM ${o.keys}
      WHERE k.organization_id = ${organizationId}
    ) ranked
    WHERE position % ${step} = 0
    ORDER BY position`;
}
