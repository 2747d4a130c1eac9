/**
 * Shopify search syntax for the `query:` argument of connections (docs/channels §1.3): terms
 * `field:value`, comparators `field:>value` `>=` `<` `<=`, quoted values, `*` prefix wildcards,
 * `-field:value` / `NOT` negation, implicit AND between terms and `OR` between groups.
 */

export interface SearchTerm {
  field: string | null;
  op: ':' | '>' | '>=' | '<' | '<=';
  value: string;
  negate: boolean;
}

/** A disjunction of conjunctions: [[a, b], [c]] = (a AND b) OR c. */
export type SearchExpression = SearchTerm[][];

function tokenize(input: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of input) {
    if (quote) {
      if (char === quote) quote = null;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ' ' || char === '\t' || char === '(' || char === ')') {
      if (current) tokens.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

const cache = new Map<string, SearchExpression>();

export function parseSearch(input: string): SearchExpression {
  const cached = cache.get(input);
  if (cached) return cached;
  const groups: SearchExpression = [[]];
  let negateNext = false;
  for (const token of tokenize(input)) {
    if (token === 'OR') {
      groups.push([]);
      continue;
    }
    if (token === 'AND') continue;
    if (token === 'NOT') {
      negateNext = true;
      continue;
    }
    let text = token;
    let negate = negateNext;
    negateNext = false;
    if (text.startsWith('-') && text.length > 1) {
      negate = !negate;
      text = text.slice(1);
    }
    const match = /^([a-zA-Z_]+):(<=|>=|<|>)?(.*)$/.exec(text);
    const term: SearchTerm = match
      ? {
          field: (match[1] ?? '').toLowerCase(),
          op: (match[2] as SearchTerm['op'] | undefined) ?? ':',
          value: match[3] ?? '',
          negate,
        }
      : { field: null, op: ':', value: text, negate };
    groups[groups.length - 1]?.push(term);
  }
  const result = groups.filter((group) => group.length > 0);
  if (cache.size > 1_000) cache.clear();
  cache.set(input, result);
  return result;
}

export type FieldKind = 'text' | 'exact' | 'number' | 'date' | 'boolean';

/** How one searchable field reads a value (or several, e.g. the SKUs of a product's variants). */
export interface SearchField<T> {
  kind: FieldKind;
  get: (item: T) => string | number | boolean | null | Array<string | number | null>;
}

export type SearchFields<T> = Record<string, SearchField<T>>;

function numericValue(value: string): number {
  const gid = /\/(\d+)(?:\?.*)?$/.exec(value);
  return Number(gid ? gid[1] : value);
}

function compare(op: SearchTerm['op'], left: number, right: number): boolean {
  switch (op) {
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    default:
      return left === right;
  }
}

function matchOne(
  kind: FieldKind,
  term: SearchTerm,
  raw: string | number | boolean | null,
): boolean {
  if (raw === null || raw === undefined) return term.value === '' || term.value === 'null';
  switch (kind) {
    case 'number':
      return compare(term.op, Number(raw), numericValue(term.value));
    case 'date': {
      const right = Date.parse(term.value);
      if (Number.isNaN(right)) return false;
      return compare(term.op, Number(raw), right);
    }
    case 'boolean':
      return String(raw) === term.value.toLowerCase();
    default: {
      const value = String(raw).toLowerCase();
      const wanted = term.value.toLowerCase();
      if (term.op !== ':') {
        return compare(term.op, value.localeCompare(wanted), 0);
      }
      if (wanted.endsWith('*')) return value.startsWith(wanted.slice(0, -1));
      if (kind === 'text') return value.includes(wanted);
      return value === wanted;
    }
  }
}

function matchTerm<T>(
  item: T,
  term: SearchTerm,
  fields: SearchFields<T>,
  defaults: string[],
): boolean {
  const names = term.field === null ? defaults : [term.field];
  let matched = false;
  for (const name of names) {
    const field = fields[name];
    if (!field) continue;
    const raw = field.get(item);
    const kind = term.field === null ? 'text' : field.kind;
    matched = Array.isArray(raw)
      ? raw.some((value) => matchOne(kind, term, value))
      : matchOne(kind, term, raw);
    if (matched) break;
  }
  return term.negate ? !matched : matched;
}

/**
 * A predicate for `query`. Unknown fields match nothing (Shopify ignores unknown filters with a
 * warning; the emulator is stricter so a typo in an adapter shows up in tests).
 */
export function compileSearch<T>(
  query: string | null | undefined,
  fields: SearchFields<T>,
  defaults: string[],
): ((item: T) => boolean) | null {
  if (!query || !query.trim()) return null;
  const expression = parseSearch(query);
  if (expression.length === 0) return null;
  return (item) =>
    expression.some((group) => group.every((term) => matchTerm(item, term, fields, defaults)));
}
