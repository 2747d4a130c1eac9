import {
  executeSync,
  getOperationAST,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import {
  actualCost,
  bucketLevel,
  operationRequestedCost,
  throttleStatus,
  type CostContext,
} from './cost';
import { fieldResolver, ROOT_FIELDS, type GraphqlContext } from './resolvers';
import type { ShopifyRuntime } from './runtime';
import { adminSchema, prepareDocument, type ApiVersion } from './schema';
import type { ShopState } from './state';

export interface GraphqlReply {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}

/** Root field names an operation selects (fragments at the root included). */
export function rootFieldNames(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      names.push(...rootFieldNames(selection.selectionSet, fragments));
    } else {
      const fragment = fragments[selection.name.value];
      if (fragment) names.push(...rootFieldNames(fragment.selectionSet, fragments));
    }
  }
  return names;
}

/** graphql-js validation messages in the shape Shopify's (graphql-ruby) errors take. */
export function shopifyValidationError(error: GraphQLError): GraphQLFormattedError {
  const formatted = error.toJSON();
  const message = error.message;
  let match = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(message);
  if (match) {
    return {
      ...formatted,
      message: `Field '${match[1]}' doesn't exist on type '${match[2]}'`,
      extensions: { code: 'undefinedField', typeName: match[2], fieldName: match[1] },
    };
  }
  match = /^Unknown argument "(\w+)" on field "(?:\w+\.)?(\w+)"/.exec(message);
  if (match) {
    return {
      ...formatted,
      message: `Field '${match[2]}' doesn't accept argument '${match[1]}'`,
      extensions: {
        code: 'argumentNotAccepted',
        name: match[2],
        typeName: 'Field',
        argumentName: match[1],
      },
    };
  }
  match = /^Field "(?:\w+\.)?(\w+)" argument "(\w+)" of type "(.+)" is required/.exec(message);
  if (match) {
    return {
      ...formatted,
      message: `Field '${match[1]}' is missing required arguments: ${match[2]}`,
      extensions: {
        code: 'missingRequiredArguments',
        className: 'Field',
        name: match[1],
        arguments: match[2],
      },
    };
  }
  if (message.startsWith('Variable "$')) {
    return { ...formatted, extensions: { code: 'INVALID_VARIABLE' } };
  }
  if (message.startsWith('Syntax Error')) {
    return { ...formatted, extensions: { code: 'parseError' } };
  }
  return formatted;
}

function costExtension(
  requested: number,
  actual: number | null,
  level: number,
  shop: ShopState,
  rt: ShopifyRuntime,
) {
  return {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: throttleStatus(level, rt.settings.plans[shop.plan]),
    },
  };
}

export function executeOperation(
  ctx: GraphqlContext,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
): ExecutionResult {
  return executeSync({
    schema: adminSchema(ctx.version),
    document,
    rootValue: {},
    contextValue: ctx,
    variableValues: variables,
    operationName,
    fieldResolver,
  });
}

/** One Admin GraphQL request: validate, cost, throttle, execute, refund, answer. */
export function handleGraphql(
  rt: ShopifyRuntime,
  shop: ShopState,
  scopes: string[],
  version: ApiVersion,
  body: unknown,
): GraphqlReply {
  const request = (body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
  if (typeof request.query !== 'string' || !request.query.trim()) {
    return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
  }
  const bucket = rt.settings.plans[shop.plan];
  const now = rt.now();
  /** An error answer before execution: nothing charged, the bucket still reported. */
  const early = (errors: unknown[]): GraphqlReply => ({
    status: 200,
    body: { errors, extensions: costExtension(0, 0, bucketLevel(shop, bucket, now), shop, rt) },
  });
  const prepared = prepareDocument(version, request.query);
  if (!prepared.ok) return early(prepared.errors.map(shopifyValidationError));
  const operationName =
    typeof request.operationName === 'string' ? request.operationName : undefined;
  const operation = getOperationAST(prepared.document, operationName);
  if (!operation) {
    return early([
      {
        message: operationName
          ? `No operation named "${operationName}"`
          : 'An operation name is required',
        extensions: { code: 'OPERATION_NOT_FOUND' },
      },
    ]);
  }
  if (operation.operation === 'subscription') {
    return early([{ message: 'Subscriptions are not supported' }]);
  }
  const fragments = fragmentsOf(prepared.document);
  const supported = operation.operation === 'mutation' ? ROOT_FIELDS.mutation : ROOT_FIELDS.query;
  const missing = rootFieldNames(operation.selectionSet, fragments).filter(
    (name) => !name.startsWith('__') && !supported.has(name),
  );
  if (missing.length) {
    return early(
      missing.map((name) => ({
        message: `Field '${name}' is not emulated by the stocksync Shopify emulator (see packages/emulators/src/shopify/README.md).`,
        path: [name],
        extensions: { code: 'NOT_EMULATED', fieldName: name },
      })),
    );
  }
  const variables =
    request.variables && typeof request.variables === 'object'
      ? (request.variables as Record<string, unknown>)
      : undefined;
  const costContext: CostContext = {
    schema: adminSchema(version),
    fragments,
    variables: variables ?? {},
    mutationCost: rt.settings.mutationCost,
  };
  const requested = operationRequestedCost(operation, costContext);
  let level = bucketLevel(shop, bucket, now);
  if (requested > rt.settings.maxQueryCost) {
    return {
      status: 200,
      body: {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${rt.settings.maxQueryCost}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: {
              code: 'MAX_COST_EXCEEDED',
              cost: requested,
              maxCost: rt.settings.maxQueryCost,
            },
          },
        ],
        extensions: costExtension(requested, null, level, shop, rt),
      },
    };
  }
  if (rt.settings.rateLimiting && requested > level) {
    const waitSeconds = Math.ceil((requested - level) / bucket.restoreRate);
    return {
      status: rt.settings.throttledHttpStatus,
      headers:
        rt.settings.throttledHttpStatus === 429
          ? { 'Retry-After': String(waitSeconds) }
          : undefined,
      body: {
        errors: [
          {
            message: 'Throttled',
            extensions: {
              code: 'THROTTLED',
              documentation: 'https://shopify.dev/api/usage/rate-limits',
            },
          },
        ],
        extensions: costExtension(requested, null, level, shop, rt),
      },
    };
  }
  if (rt.settings.rateLimiting) shop.bucketAvailable = level - requested;
  const ctx: GraphqlContext = { rt, shop, version, scopes: new Set(scopes), bulk: false };
  const result = executeOperation(ctx, prepared.document, variables, operationName);
  const actual =
    operation.operation === 'mutation'
      ? requested
      : Math.min(requested, actualOf(operation, costContext, result));
  if (rt.settings.rateLimiting) {
    level = Math.min(bucket.maximumAvailable, (shop.bucketAvailable ?? 0) + (requested - actual));
    shop.bucketAvailable = level;
  } else {
    level = bucketLevel(shop, bucket, now);
  }
  const response: Record<string, unknown> = {};
  if (result.errors?.length) response.errors = result.errors.map((e) => e.toJSON());
  response.data = result.data ?? null;
  response.extensions = costExtension(requested, actual, level, shop, rt);
  return { status: 200, body: response };
}

function actualOf(
  operation: OperationDefinitionNode,
  ctx: CostContext,
  result: ExecutionResult,
): number {
  const root = ctx.schema.getQueryType();
  if (!root || !result.data) return 0;
  return actualCost(operation.selectionSet, root, result.data as Record<string, unknown>, ctx);
}
