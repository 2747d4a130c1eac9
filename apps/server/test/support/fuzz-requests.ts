import fc from 'fast-check';
import {
  asHeaderValue,
  hostileText,
  hostileUrlText,
  hostileValue,
  invalidBodies,
  percentEncode,
  RawJson,
  toJsonText,
} from './fuzz-values';

/*
 * Hostile requests generated from the OpenAPI document (test/integration/fuzz.test.ts): each is a
 * plausible call of one operation with one thing made wrong, in the body, the query, the path or
 * a header. Nothing here knows a route by hand: the document says what each operation takes.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /v1/products/{id}. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema; null when the operation documents none (raw or empty bodies). */
  body: JsonSchema | null;
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
}

/** Real ids of the owner's data by field name (pc_id, variant_id, ...); a made-up one otherwise. */
export type UuidFor = (name: string) => string;
const noUuids: UuidFor = () => '00000000-0000-4000-8000-000000000000';

/**
 * A value the schema accepts where that is easy to tell (first enum value, an id of the owner's
 * data, text within the lengths), so that a request with one thing wrong has only that wrong.
 */
export function sampleOf(schema: JsonSchema | undefined, name = '', uuidFor = noUuids): unknown {
  if (!schema) return 'sample';
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return sampleOf(choice, name, uuidFor);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        out[key] = sampleOf(child, key, uuidFor);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items, name, uuidFor),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return uuidFor(name);
      if (schema.format === 'email') return 'fuzz@example.com';
      return (name.toLowerCase().includes('name') ? 'Fuzz Shop' : 'sample')
        .padEnd(schema.minLength ?? 0, 'x')
        .slice(0, schema.maxLength ?? Infinity);
    default:
      return 'sample';
  }
}

// ------------------------------------------------------------------------------------------------
// Requests

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Short, printable: what was made wrong (fast-check prints it for a counterexample). */
  description: string;
}

export interface FuzzContext {
  /** Headers of a signed-in owner (Authorization, X-Organization-Id). */
  headers: Record<string, string>;
  /** A real value for a path parameter where one exists (an id of the owner's data). */
  pathValue(operation: Operation, name: string): string;
  uuidFor: UuidFor;
}

function short(value: unknown): string {
  const text =
    value instanceof RawJson ? value.text : typeof value === 'string' ? value : toJsonText(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}… (${text.length} chars)` : text);
}

function request(
  op: Operation,
  ctx: FuzzContext,
  change: {
    path?: Record<string, string>;
    query?: string;
    headers?: Record<string, string>;
    payload?: string | Buffer;
    description: string;
  },
): FuzzRequest {
  const path = op.path.replace(
    /\{(\w+)\}/g,
    (_m, name: string) => change.path?.[name] ?? encodeURIComponent(ctx.pathValue(op, name)),
  );
  // Required query parameters get a sample unless the change sets them itself.
  const changed = new Set([...(change.query ?? '').matchAll(/(?:^|&)([^=&[]+)/g)].map((m) => m[1]));
  const baseQuery = op.parameters
    .filter((p) => p.in === 'query' && p.required && !changed.has(p.name))
    .map((p) => `${p.name}=${encodeURIComponent(String(sampleOf(p.schema, p.name, ctx.uuidFor)))}`);
  const query = [...baseQuery, ...(change.query ? [change.query] : [])].join('&');
  const baseBody = op.body ? toJsonText(sampleOf(op.body, '', ctx.uuidFor)) : undefined;
  const payload = change.payload ?? baseBody;
  const headers: Record<string, string> = {
    ...ctx.headers,
    ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    ...change.headers,
  };
  const fuzzRequest: FuzzRequest = {
    method: op.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    description: `${op.method} ${op.path}: ${change.description}`,
  };
  return Object.assign(fuzzRequest, { [fc.toStringMethod]: () => fuzzRequest.description });
}

/** Body mutations: one field wrong, missing or extra, or a body that is not what JSON should be. */
function bodyMutations(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest>[] {
  const base = (op.body ? sampleOf(op.body, '', ctx.uuidFor) : {}) as Record<string, unknown>;
  const fields = op.body ? Object.keys(op.body.properties ?? {}) : [];
  const out: fc.Arbitrary<FuzzRequest>[] = [
    invalidBodies.map(([label, payload]) =>
      request(op, ctx, { payload, description: `body ${label}` }),
    ),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
      )
      .map((type) =>
        request(op, ctx, {
          headers: { 'content-type': type },
          payload: toJsonText(base),
          description: `content-type ${type}`,
        }),
      ),
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'extra', ''), hostileValue)
      .map(([key, value]) =>
        request(op, ctx, {
          payload: toJsonText({ ...base, [key]: value }),
          description: `extra body field ${JSON.stringify(key)} = ${short(value)}`,
        }),
      ),
  ];
  if (fields.length > 0) {
    out.push(
      fc.tuple(fc.constantFrom(...fields), hostileValue).map(([field, value]) =>
        request(op, ctx, {
          payload: toJsonText({ ...base, [field]: value }),
          description: `body ${field} = ${short(value)}`,
        }),
      ),
      fc.constantFrom(...fields).map((field) => {
        const { [field]: _dropped, ...rest } = base;
        return request(op, ctx, {
          payload: toJsonText(rest),
          description: `body without ${field}`,
        });
      }),
    );
  }
  return out;
}

export function fuzzRequests(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const named = (where: Parameter['in']) =>
    op.parameters.filter((p) => p.in === where).map((p) => p.name);
  const queryNames = [...named('query'), 'unknown'];
  const headerNames = [
    ...new Set([...named('header'), 'x-organization-id', 'authorization', 'content-type']),
  ];
  const mutations: fc.Arbitrary<FuzzRequest>[] = [
    fc.tuple(fc.constantFrom(...queryNames), hostileUrlText).map(([name, value]) =>
      request(op, ctx, {
        query: `${name}=${value}`,
        description: `query ${name}=${value.slice(0, 60)}`,
      }),
    ),
    fc.tuple(fc.constantFrom(...queryNames), hostileUrlText).map(([name, value]) =>
      request(op, ctx, {
        query: `${name}=1&${name}=${value}&${name}[a]=2`,
        description: `query ${name} repeated and as an object`,
      }),
    ),
    fc.tuple(fc.constantFrom(...headerNames), hostileText.map(asHeaderValue)).map(([name, value]) =>
      request(op, ctx, {
        headers: { [name]: value },
        description: `header ${name} = ${short(value)}`,
      }),
    ),
  ];
  const pathNames = named('path');
  if (pathNames.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...pathNames), hostileUrlText).map(([name, value]) =>
        request(op, ctx, {
          path: { [name]: value || '%20' },
          description: `path ${name} = ${value.slice(0, 60)}`,
        }),
      ),
    );
  }
  if (op.method !== 'GET') mutations.push(...bodyMutations(op, ctx));
  return fc.oneof(...mutations);
}

// ------------------------------------------------------------------------------------------------
// Every text field, one by one

/** Paths of the string leaves of a schema (array items as index 0), a few levels deep. */
function stringPaths(schema: JsonSchema | undefined, depth = 0): (string | number)[][] {
  if (!schema || depth > 4) return [];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return stringPaths(choice, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return [[]];
  if (type === 'array') return stringPaths(schema.items, depth + 1).map((p) => [0, ...p]);
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
      stringPaths(child, depth + 1).map((p) => [key, ...p]),
    );
  }
  return [];
}

function withValueAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[head] = withValueAt(list[head], rest, value);
    return list;
  }
  const object = (typeof base === 'object' && base !== null ? base : {}) as Record<string, unknown>;
  return { ...object, [head!]: withValueAt(object[head!], rest, value) };
}

/**
 * The given text in every string the operation takes: each body string (nested ones too), each
 * query, path and header parameter. Deterministic, so that no text field is left to chance.
 */
export function textInEveryField(op: Operation, ctx: FuzzContext, text: string): FuzzRequest[] {
  const label = short(text);
  const out: FuzzRequest[] = [];
  if (op.body && op.method !== 'GET') {
    const base = sampleOf(op.body, '', ctx.uuidFor);
    for (const path of stringPaths(op.body)) {
      out.push(
        request(op, ctx, {
          payload: toJsonText(withValueAt(base, path, text)),
          description: `body ${path.join('.')} = ${label}`,
        }),
      );
    }
  }
  for (const parameter of op.parameters) {
    if (parameter.in === 'query') {
      out.push(
        request(op, ctx, {
          query: `${parameter.name}=${percentEncode(text)}`,
          description: `query ${parameter.name} = ${label}`,
        }),
      );
    } else if (parameter.in === 'path') {
      out.push(
        request(op, ctx, {
          path: { [parameter.name]: percentEncode(text) },
          description: `path ${parameter.name} = ${label}`,
        }),
      );
    } else if (parameter.in === 'header') {
      out.push(
        request(op, ctx, {
          headers: { [parameter.name]: asHeaderValue(text) },
          description: `header ${parameter.name} = ${label}`,
        }),
      );
    }
  }
  return out;
}
