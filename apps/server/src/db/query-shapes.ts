import { CompiledQuery } from 'kysely';
import type { Db } from './client';

type Slot<V> = { key: keyof V } | { value: unknown };

/**
 * Builds and compiles a hot Kysely query once per shape, then reuses its SQL text with each
 * call's values (building and compiling the product list query cost about as much CPU as the
 * database spent running it). `build` gets the shape, which decides the SQL text, and a
 * placeholder in place of every value; the compiled parameters that are placeholders are filled
 * from each call, any other parameter is kept as compiled.
 */
export class QueryShapes<S, V extends Record<string, unknown>, R> {
  private readonly shapes = new Map<string, { sql: string; slots: Slot<V>[] }>();
  private readonly placeholders: V;

  constructor(
    keys: readonly (keyof V & string)[],
    private readonly build: (db: Db, shape: S, values: V) => CompiledQuery<R>,
  ) {
    this.placeholders = Object.fromEntries(keys.map((k) => [k, `\u0000${k}\u0000`])) as V;
  }

  compile(db: Db, shape: S, values: V): CompiledQuery<R> {
    const id = JSON.stringify(shape);
    let entry = this.shapes.get(id);
    if (!entry) {
      entry = this.prepare(this.build(db, shape, this.placeholders));
      this.shapes.set(id, entry);
    }
    return CompiledQuery.raw(
      entry.sql,
      entry.slots.map((s) => ('key' in s ? values[s.key] : s.value)),
    ) as CompiledQuery<R>;
  }

  private prepare(compiled: CompiledQuery<R>): { sql: string; slots: Slot<V>[] } {
    if (compiled.sql.includes('\u0000')) throw new Error('a placeholder was inlined into the SQL');
    const byPlaceholder = new Map<unknown, keyof V>(
      Object.entries(this.placeholders).map(([k, p]) => [p, k]),
    );
    const slots = compiled.parameters.map((p): Slot<V> => {
      const key = byPlaceholder.get(p);
      if (key !== undefined) return { key };
      if (typeof p === 'string' && p.includes('\u0000'))
        throw new Error('a placeholder was altered before it became a parameter');
      return { value: p };
    });
    return { sql: compiled.sql, slots };
  }
}
