/**
 * Stripe's form encoding: `application/x-www-form-urlencoded` with bracket notation for nested
 * objects (`metadata[tenant]=42`) and arrays (`line_items[0][price]=price_1`, `expand[]=customer`).
 * stripe-node writes arrays with explicit indexes; browsers and curl users often write `[]`.
 * Every leaf value stays a string (an empty string is how a client unsets a field).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 10;

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** Splits `a[b][0][]` into ['a', 'b', '0', '']; returns null for malformed keys. */
export function splitKey(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const segments = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const match = /^\[([^[\]]*)\]/.exec(rest);
    if (!match) return null;
    segments.push(match[1] ?? '');
    rest = rest.slice(match[0].length);
  }
  return segments;
}

type Node = { [key: string]: Node | string };

/** Parses a form-encoded body or query string into nested objects and arrays. */
export function parseForm(text: string): FormObject {
  const root: Node = {};
  if (!text) return {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const segments = splitKey(rawKey);
    if (!segments || segments[0] === '' || segments.length > MAX_DEPTH) continue;
    if (segments.some((s) => FORBIDDEN.has(s))) continue;
    let node: Node = root;
    for (let i = 0; i < segments.length; i++) {
      let segment = segments[i] as string;
      const last = i === segments.length - 1;
      // `[]` appends: the next free numeric index of this container.
      if (segment === '' && i > 0) segment = String(Object.keys(node).length);
      if (last) {
        node[segment] = value;
      } else {
        const child = node[segment];
        if (typeof child === 'object') {
          node = child;
        } else {
          const created: Node = {};
          node[segment] = created;
          node = created;
        }
      }
    }
  }
  return normalise(root) as FormObject;
}

/** Containers whose keys are all array indexes become arrays, ordered by index. */
function normalise(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const isArray = keys.length > 0 && keys.every((k) => /^(0|[1-9]\d{0,3})$/.test(k));
  if (isArray) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => normalise(node[String(k)] as Node | string));
  }
  const out: FormObject = {};
  for (const key of keys) out[key] = normalise(node[key] as Node | string);
  return out;
}

/** The query string part of a raw request URL (without the `?`). */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
}
