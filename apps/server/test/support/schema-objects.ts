import type pg from 'pg';

/** A function, trigger or view in the public schema, as PostgreSQL prints its definition. */
export interface SchemaObject {
  kind: 'function' | 'trigger' | 'view';
  /** Function and view name; `table.trigger` for a trigger. */
  name: string;
  definition: string;
}

/** Every function (not an extension's), trigger (not a constraint's) and view of the schema. */
export async function schemaObjects(client: pg.ClientBase): Promise<SchemaObject[]> {
  const { rows } = await client.query<SchemaObject>(`
    SELECT 'function' AS kind, p.proname AS name, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d
                      WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'trigger', c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
    UNION ALL
    SELECT 'view', c.relname, pg_get_viewdef(c.oid)
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')
    ORDER BY 1, 2, 3`);
  return rows;
}

const CREATE = String.raw`\bCREATE\s+(?:OR\s+REPLACE\s+)?`;
const FUNCTION = new RegExp(String.raw`${CREATE}(?:FUNCTION|PROCEDURE)\s+(?:public\.)?(\w+)`, 'gi');
const VIEW = new RegExp(String.raw`${CREATE}(?:MATERIALIZED\s+)?VIEW\s+(?:public\.)?(\w+)`, 'gi');
const TRIGGER = new RegExp(
  String.raw`${CREATE}(?:CONSTRAINT\s+)?TRIGGER\s+(\w+)[^;]*?\bON\s+(?:public\.)?(\w+)`,
  'gi',
);

/** The functions, triggers and views a SQL text creates (comments ignored). */
export function declaredObjects(sql: string): Omit<SchemaObject, 'definition'>[] {
  const code = sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const names = (pattern: RegExp) => [...code.matchAll(pattern)];
  return [
    ...names(FUNCTION).map(([, name]) => ({ kind: 'function' as const, name: name! })),
    ...names(TRIGGER).map(([, name, table]) => ({
      kind: 'trigger' as const,
      name: `${table}.${name}`,
    })),
    ...names(VIEW).map(([, name]) => ({ kind: 'view' as const, name: name! })),
  ];
}
