import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements kept prepared per connection; further distinct SQL texts run unprepared. */
const MAX_PER_CONNECTION = 1000;

/** Statement names by SQL text for every connection (hashing per call showed in profiles). */
const names = new Map<string, string>();
const MAX_NAMES = 5000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    // Texts are our statements' (a bounded set); the cap only guards against one built per value.
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Runs every parameterised statement a client sends as a named prepared statement (the name is a
 * hash of its SQL), so PostgreSQL parses and plans it once per connection instead of on every
 * call. Under the sync benchmark planning cost PostgreSQL more time than executing: most of our
 * statements are short lookups and updates by key, run thousands of times with new values.
 * Queries given as objects (graphile-worker names its own) and statements without parameters
 * (BEGIN, COMMIT) pass through unchanged.
 */
export function prepareStatements(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]): unknown => {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
      return query(...args);
    const name = nameOf(text);
    if (!prepared.has(name)) {
      if (prepared.size >= MAX_PER_CONNECTION) return query(...args);
      prepared.add(name);
    }
    const config = { name, text, values };
    return callback === undefined ? query(config) : query(config, callback);
  };
  client.query = named as typeof client.query;
}
