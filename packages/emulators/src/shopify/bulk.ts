import {
  getNamedType,
  getOperationAST,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { isConnectionField } from './cost';
import { executeOperation, fragmentsOf, rootFieldNames, shopifyValidationError } from './graphql';
import { gid, iso } from './payloads';
import type { GraphqlContext } from './resolvers';
import { ROOT_FIELDS } from './resolvers';
import type { ShopifyRuntime } from './runtime';
import { adminSchema, prepareDocument, type ApiVersion } from './schema';
import type { BulkOperation, ShopState } from './state';

/**
 * Bulk query operations (docs/channels §1.5): validated like Shopify does (>= 1 connection, <= 5
 * connections, nested connections at most 2 deep, nodes with nested connections select `id`), run
 * in the background through the same resolvers with page sizes lifted, flattened to JSONL with
 * `__parentId` lines and served over HTTP.
 */

interface ShapeField {
  connection: boolean;
  child: Shape;
}
type Shape = Map<string, ShapeField>;

type AnyField = GraphQLField<unknown, unknown>;

function fieldsOf(type: GraphQLCompositeType): Record<string, AnyField> {
  return isObjectType(type) || isInterfaceType(type)
    ? (type.getFields() as Record<string, AnyField>)
    : {};
}

interface ShapeContext {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  connections: number;
  maxDepth: number;
  missingId: string[];
}

/** The composite fields of a selection, connections marked, with their node shapes. */
function buildShape(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  ctx: ShapeContext,
  depth: number,
  path: string,
): Shape {
  const shape: Shape = new Map();
  const visit = (set: SelectionSetNode, type: GraphQLCompositeType) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const conditionType = selection.typeCondition
          ? (ctx.schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType)
          : type;
        visit(selection.selectionSet, conditionType);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = ctx.fragments[selection.name.value];
        if (fragment) {
          visit(
            fragment.selectionSet,
            ctx.schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType,
          );
        }
        continue;
      }
      const field = fieldsOf(type)[selection.name.value];
      if (!field || !selection.selectionSet) continue;
      const named = getNamedType(field.type);
      if (!isCompositeType(named)) continue;
      const key = selection.alias?.value ?? selection.name.value;
      if (isConnectionField(field)) {
        ctx.connections += 1;
        ctx.maxDepth = Math.max(ctx.maxDepth, depth + 1);
        const nodeShape: Shape = new Map();
        let selectsId = false;
        for (const inner of selection.selectionSet.selections) {
          if (inner.kind !== Kind.FIELD || !inner.selectionSet) continue;
          const innerField = fieldsOf(named)[inner.name.value];
          if (!innerField) continue;
          const innerType = getNamedType(innerField.type) as GraphQLCompositeType;
          let nodeSet: SelectionSetNode | undefined;
          let nodeType: GraphQLCompositeType | undefined;
          if (inner.name.value === 'nodes') {
            nodeSet = inner.selectionSet;
            nodeType = innerType;
          } else if (inner.name.value === 'edges') {
            for (const edgeSel of inner.selectionSet.selections) {
              if (
                edgeSel.kind === Kind.FIELD &&
                edgeSel.name.value === 'node' &&
                edgeSel.selectionSet
              ) {
                nodeSet = edgeSel.selectionSet;
                nodeType = getNamedType(fieldsOf(innerType).node!.type) as GraphQLCompositeType;
              }
            }
          }
          if (nodeSet && nodeType) {
            const sub = buildShape(nodeSet, nodeType, ctx, depth + 1, `${path}${key}.`);
            for (const [k, v] of sub) nodeShape.set(k, v);
            selectsId ||= nodeSet.selections.some(
              (s) => s.kind === Kind.FIELD && s.name.value === 'id',
            );
          }
        }
        const nestsConnection = [...nodeShape.values()].some(
          (f) => f.connection || hasConnection(f.child),
        );
        if (nestsConnection && !selectsId) ctx.missingId.push(`${path}${key}`);
        shape.set(key, { connection: true, child: nodeShape });
      } else {
        shape.set(key, {
          connection: false,
          child: buildShape(selection.selectionSet, named, ctx, depth, `${path}${key}.`),
        });
      }
    }
  };
  visit(selectionSet, parent);
  return shape;
}

function hasConnection(shape: Shape): boolean {
  for (const field of shape.values())
    if (field.connection || hasConnection(field.child)) return true;
  return false;
}

function connectionItems(value: unknown): Array<Record<string, unknown>> {
  if (!value || typeof value !== 'object') return [];
  const connection = value as { edges?: Array<{ node?: unknown }>; nodes?: unknown[] };
  if (Array.isArray(connection.edges)) {
    return connection.edges.flatMap((edge) =>
      edge?.node ? [edge.node as Record<string, unknown>] : [],
    );
  }
  return Array.isArray(connection.nodes)
    ? (connection.nodes as Array<Record<string, unknown>>)
    : [];
}

interface Pending {
  items: Array<Record<string, unknown>>;
  shape: Shape;
}

function strip(
  value: Record<string, unknown>,
  shape: Shape,
  children: Pending[],
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const meta = shape.get(key);
    if (meta?.connection) {
      children.push({ items: connectionItems(inner), shape: meta.child });
    } else if (meta && inner && typeof inner === 'object') {
      copy[key] = Array.isArray(inner)
        ? inner.map((entry) =>
            entry && typeof entry === 'object'
              ? strip(entry as Record<string, unknown>, meta.child, children)
              : entry,
          )
        : strip(inner as Record<string, unknown>, meta.child, children);
    } else {
      copy[key] = inner;
    }
  }
  return copy;
}

/** JSONL lines: each connection node is its own line, children after their parent with __parentId. */
export function flattenToJsonl(data: Record<string, unknown>, shape: Shape) {
  const lines: string[] = [];
  let roots = 0;
  const emit = (node: Record<string, unknown>, nodeShape: Shape, parentId: string | null) => {
    const children: Pending[] = [];
    const line = strip(node, nodeShape, children);
    if (parentId) line.__parentId = parentId;
    lines.push(JSON.stringify(line));
    const id = typeof node.id === 'string' ? node.id : parentId;
    for (const child of children) for (const item of child.items) emit(item, child.shape, id);
  };
  for (const [key, meta] of shape) {
    const value = data[key];
    if (meta.connection) {
      for (const item of connectionItems(value)) {
        roots += 1;
        emit(item, meta.child, null);
      }
    } else if (value && typeof value === 'object') {
      const children: Pending[] = [];
      strip(value as Record<string, unknown>, meta.child, children);
      for (const child of children) {
        for (const item of child.items) {
          roots += 1;
          emit(item, child.shape, null);
        }
      }
    }
  }
  return {
    jsonl: lines.length ? lines.join('\n') + '\n' : '',
    objectCount: lines.length,
    rootObjectCount: roots,
  };
}

function invalid(message: string) {
  return { bulkOperation: null, userErrors: [{ field: ['query'], message, code: 'INVALID' }] };
}

export function startBulkQuery(ctx: GraphqlContext, query: string): Record<string, unknown> {
  const { rt, shop } = ctx;
  const prepared = prepareDocument(ctx.version, query);
  if (!prepared.ok) {
    const first = prepared.errors[0];
    return invalid(
      `Invalid bulk query: ${first ? shopifyValidationError(first).message : 'invalid'}`,
    );
  }
  const operation = getOperationAST(prepared.document);
  if (!operation || operation.operation !== 'query') {
    return invalid('Invalid bulk query: the document must hold exactly one query operation.');
  }
  const fragments = fragmentsOf(prepared.document);
  const missing = rootFieldNames(operation.selectionSet, fragments).filter(
    (name) => !name.startsWith('__') && !ROOT_FIELDS.query.has(name),
  );
  if (missing.length) {
    return invalid(`Field '${missing[0]}' is not emulated by the stocksync Shopify emulator.`);
  }
  const shapeContext: ShapeContext = {
    schema: adminSchema(ctx.version),
    fragments,
    connections: 0,
    maxDepth: 0,
    missingId: [],
  };
  buildShape(operation.selectionSet, shapeContext.schema.getQueryType()!, shapeContext, 0, '');
  if (shapeContext.connections === 0)
    return invalid('Bulk queries must contain at least one connection.');
  if (shapeContext.connections > 5) {
    return invalid('Bulk queries cannot contain more than 5 connections.');
  }
  // The root connection plus at most two levels of connections nested under it.
  if (shapeContext.maxDepth - 1 > 2) {
    return invalid('Bulk queries cannot contain connections with a nesting depth greater than 2.');
  }
  if (shapeContext.missingId.length) {
    return invalid(
      `The parent 'node' field for a nested connection must select the 'id' field without an alias and must be of 'ID' return type. Connection fields without 'id': ${shapeContext.missingId.join(', ')}.`,
    );
  }
  const running = [...shop.bulkOperations.values()].filter(
    (op) =>
      op.type === 'QUERY' &&
      (op.status === 'CREATED' || op.status === 'RUNNING' || op.status === 'CANCELING'),
  );
  if (running.length >= rt.settings.bulkQueryConcurrency) {
    return {
      bulkOperation: null,
      userErrors: [
        {
          field: null,
          message: `A bulk query operation for this app and shop is already in progress: ${gid('BulkOperation', running[0]!.id)}.`,
          code: 'OPERATION_IN_PROGRESS',
        },
      ],
    };
  }
  const op: BulkOperation = {
    id: rt.ids.take('BulkOperation'),
    type: 'QUERY',
    status: 'CREATED',
    query,
    apiVersion: ctx.version,
    scopes: [...ctx.scopes],
    createdAt: rt.now(),
    completedAt: null,
    errorCode: null,
    objectCount: 0,
    rootObjectCount: 0,
    fileSize: null,
    result: null,
    expiresAt: null,
  };
  shop.bulkOperations.set(op.id, op);
  rt.later(rt.settings.bulkStartDelayMs, () => {
    if (op.status !== 'CREATED') return;
    op.status = 'RUNNING';
    rt.later(rt.settings.bulkRunMs, () => runBulk(rt, shop, op, ctx.version));
  });
  return { bulkOperation: op, userErrors: [] };
}

function finish(rt: ShopifyRuntime, shop: ShopState, op: BulkOperation): void {
  op.completedAt = rt.now();
  rt.emit(shop, 'bulk_operations/finish', {
    admin_graphql_api_id: gid('BulkOperation', op.id),
    completed_at: iso(op.completedAt),
    created_at: iso(op.createdAt),
    error_code: op.errorCode ? op.errorCode.toLowerCase() : null,
    status: op.status.toLowerCase(),
    type: op.type.toLowerCase(),
  });
}

/**
 * Executes the bulk query in chunks of `bulkChunkSize` root nodes, yielding to the event loop
 * between chunks so the emulator keeps answering while a large export runs; objectCount grows while
 * RUNNING, as on Shopify.
 */
export function runBulk(
  rt: ShopifyRuntime,
  shop: ShopState,
  op: BulkOperation,
  version: ApiVersion,
): void {
  if (op.status === 'CANCELING') {
    op.status = 'CANCELED';
    finish(rt, shop, op);
    return;
  }
  if (op.status !== 'RUNNING') return;
  const prepared = prepareDocument(version, op.query);
  if (!prepared.ok) {
    op.status = 'FAILED';
    op.errorCode = 'INTERNAL_SERVER_ERROR';
    finish(rt, shop, op);
    return;
  }
  const document = prepared.document;
  const operation = getOperationAST(document)!;
  const shapeContext: ShapeContext = {
    schema: adminSchema(version),
    fragments: fragmentsOf(document),
    connections: 0,
    maxDepth: 0,
    missingId: [],
  };
  const shape = buildShape(
    operation.selectionSet,
    shapeContext.schema.getQueryType()!,
    shapeContext,
    0,
    '',
  );
  const chunks: string[] = [];
  const size = Math.max(1, rt.settings.bulkChunkSize);
  const step = (from: number) => {
    if (op.status === 'CANCELING') {
      op.status = 'CANCELED';
      finish(rt, shop, op);
      return;
    }
    if (op.status !== 'RUNNING') return;
    const ctx: GraphqlContext = {
      rt,
      shop,
      version,
      scopes: new Set(op.scopes),
      bulk: true,
      bulkWindow: { from, size },
    };
    const result = executeOperation(ctx, document, undefined, undefined);
    const flat = flattenToJsonl((result.data ?? {}) as Record<string, unknown>, shape);
    if (flat.jsonl) chunks.push(flat.jsonl);
    op.objectCount += flat.objectCount;
    op.rootObjectCount += flat.rootObjectCount;
    if (result.errors?.length) {
      op.status = 'FAILED';
      op.errorCode = result.errors.some((e) => e.extensions?.code === 'ACCESS_DENIED')
        ? 'ACCESS_DENIED'
        : 'INTERNAL_SERVER_ERROR';
      op.result = chunks.join('');
      op.fileSize = Buffer.byteLength(op.result);
      finish(rt, shop, op);
      return;
    }
    if (from + size < (ctx.bulkWindow?.total ?? 0)) {
      rt.later(0, () => step(from + size));
      return;
    }
    op.result = chunks.join('');
    op.fileSize = Buffer.byteLength(op.result);
    op.status = 'COMPLETED';
    op.expiresAt = rt.now() + rt.settings.bulkUrlTtlSeconds * 1000;
    finish(rt, shop, op);
  };
  step(0);
}

export function cancelBulkOperation(ctx: GraphqlContext, id: number): Record<string, unknown> {
  const op = ctx.shop.bulkOperations.get(id);
  if (!op)
    return {
      bulkOperation: null,
      userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }],
    };
  if (op.status !== 'CREATED' && op.status !== 'RUNNING') {
    return {
      bulkOperation: op,
      userErrors: [
        {
          field: null,
          message: `A bulk operation cannot be canceled when it is ${op.status.toLowerCase()}`,
        },
      ],
    };
  }
  op.status = 'CANCELING';
  ctx.rt.later(ctx.rt.settings.bulkStartDelayMs, () => {
    if (op.status === 'CANCELING') {
      op.status = 'CANCELED';
      finish(ctx.rt, ctx.shop, op);
    }
  });
  return { bulkOperation: op, userErrors: [] };
}
