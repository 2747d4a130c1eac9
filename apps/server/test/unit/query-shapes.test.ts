import { describe, expect, it, vi } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import type { Db } from '../../src/db/client';
import { QueryShapes } from '../../src/db/query-shapes';

const db = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
}) as unknown as Db;

function products() {
  const build = vi.fn(
    (d: Db, shape: { synced: boolean }, v: { org: string; synced: boolean; limit: number }) => {
      let query = d
        .selectFrom('products')
        .select('id')
        .where('organization_id', '=', v.org)
        .where('title', '<>', 'fixed');
      if (shape.synced) query = query.where('is_synced', '=', v.synced);
      return query.limit(v.limit).compile();
    },
  );
  return { build, shapes: new QueryShapes(['org', 'synced', 'limit'], build) };
}

describe('QueryShapes', () => {
  it('compiles each shape once and fills every call’s values into its parameters', () => {
    const { build, shapes } = products();
    const a = shapes.compile(db, { synced: true }, { org: 'o1', synced: false, limit: 50 });
    const b = shapes.compile(db, { synced: true }, { org: 'o2', synced: true, limit: 10 });
    expect(build).toHaveBeenCalledTimes(1);
    expect(b.sql).toBe(a.sql);
    expect(a.parameters).toEqual(['o1', 'fixed', false, 50]);
    expect(b.parameters).toEqual(['o2', 'fixed', true, 10]);

    const c = shapes.compile(db, { synced: false }, { org: 'o3', synced: true, limit: 5 });
    expect(build).toHaveBeenCalledTimes(2);
    expect(c.sql).not.toContain('is_synced');
    expect(c.parameters).toEqual(['o3', 'fixed', 5]);
  });

  it('refuses a build that inlines or alters a placeholder', () => {
    const inlined = new QueryShapes(['org'], (d: Db, _shape: object, v: { org: string }) =>
      sql`SELECT ${sql.lit(v.org)}`.compile(d),
    );
    expect(() => inlined.compile(db, {}, { org: 'o1' })).toThrow(/inlined/);
    const altered = new QueryShapes(['org'], (d: Db, _shape: object, v: { org: string }) =>
      sql`SELECT ${`%${v.org}%`}`.compile(d),
    );
    expect(() => altered.compile(db, {}, { org: 'o1' })).toThrow(/altered/);
  });
});
