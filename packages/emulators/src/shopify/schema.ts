import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/** API versions the emulator serves, each from the official schema shipped in @shopify/dev-mcp. */
export const SUPPORTED_VERSIONS = ['2025-10', '2026-01', '2026-04', '2026-07', '2026-10'] as const;
export type ApiVersion = (typeof SUPPORTED_VERSIONS)[number];

export function isSupportedVersion(version: string): version is ApiVersion {
  return (SUPPORTED_VERSIONS as readonly string[]).includes(version);
}

/** Compares `YYYY-MM` handles. */
export function versionAtLeast(version: string, minimum: string): boolean {
  return version >= minimum;
}

const schemas = new Map<string, GraphQLSchema>();
let dataDir: string | undefined;

/** node_modules/@shopify/dev-mcp/dist/data, found by walking up from this file (the package only exports ESM entry points). */
function schemaDataDir(): string {
  if (dataDir) return dataDir;
  const override = process.env.SHOPIFY_SCHEMA_DIR;
  if (override) return (dataDir = override);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'node_modules', '@shopify', 'dev-mcp', 'dist', 'data');
    if (existsSync(candidate)) return (dataDir = candidate);
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('@shopify/dev-mcp schema data not found (set SHOPIFY_SCHEMA_DIR)');
    dir = parent;
  }
}

/** The official Admin GraphQL schema of `version`, built once per process (about 0.25 s each). */
export function adminSchema(version: ApiVersion): GraphQLSchema {
  let schema = schemas.get(version);
  if (!schema) {
    const file = join(schemaDataDir(), `admin_${version}.json.gz`);
    const json = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
      data?: IntrospectionQuery;
    } & Partial<IntrospectionQuery>;
    schema = buildClientSchema((json.data ?? json) as IntrospectionQuery, { assumeValid: true });
    schemas.set(version, schema);
  }
  return schema;
}

export type PreparedDocument =
  { ok: true; document: DocumentNode } | { ok: false; errors: readonly GraphQLError[] };

const DOCUMENT_CACHE_LIMIT = 2_000;
const documents = new Map<string, PreparedDocument>();

/** Parses and validates `query` against the version's schema; cached by version and query text. */
export function prepareDocument(version: ApiVersion, query: string): PreparedDocument {
  const key = `${version}\n${query}`;
  const cached = documents.get(key);
  if (cached) return cached;
  const schema = adminSchema(version);
  let prepared: PreparedDocument;
  try {
    const document = parse(query);
    const errors = validate(schema, document);
    prepared = errors.length ? { ok: false, errors } : { ok: true, document };
  } catch (error) {
    // Syntax errors become GraphQL errors; anything else is a bug and surfaces as such.
    if (!(error instanceof GraphQLError)) throw error;
    prepared = { ok: false, errors: [error] };
  }
  if (documents.size >= DOCUMENT_CACHE_LIMIT) documents.clear();
  documents.set(key, prepared);
  return prepared;
}
