import {
  getNamedType,
  isCompositeType,
  isLeafType,
  isObjectType,
  isInterfaceType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { BucketSettings } from './config';
import type { ShopState } from './state';

/**
 * Calculated query cost (docs/channels §1.6; numbers unconfirmed, all settings):
 * scalar/enum 0, object 1, connection 2 + first|last x (cost of one node), mutation root field
 * `mutationCost`. The actual cost uses the number of nodes really returned.
 */

export interface CostContext {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  mutationCost: number;
}

type AnyField = GraphQLField<unknown, unknown>;

export function isConnectionField(field: AnyField): boolean {
  const type = getNamedType(field.type);
  return (
    type.name.endsWith('Connection') &&
    field.args.some((a) => a.name === 'first' || a.name === 'last')
  );
}

function fieldsOf(type: GraphQLCompositeType): Record<string, AnyField> {
  return isObjectType(type) || isInterfaceType(type)
    ? (type.getFields() as Record<string, AnyField>)
    : {};
}

function argumentInt(
  node: FieldNode,
  name: string,
  variables: Record<string, unknown>,
): number | null {
  const arg = node.arguments?.find((a) => a.name.value === name);
  if (!arg) return null;
  const value: ValueNode = arg.value;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' ? v : null;
  }
  return null;
}

/** Visits the fields of a selection set, flattening fragments (their type conditions are kept). */
function forEachField(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  ctx: CostContext,
  visit: (node: FieldNode, parent: GraphQLCompositeType) => void,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) visit(selection, parent);
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition
        ? (ctx.schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType)
        : parent;
      forEachField(selection.selectionSet, type ?? parent, ctx, visit);
    } else {
      const fragment = ctx.fragments[selection.name.value];
      if (!fragment) continue;
      const type = ctx.schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType;
      forEachField(fragment.selectionSet, type ?? parent, ctx, visit);
    }
  }
}

/** Cost of one node of a connection: the heavier of `edges { node }` and `nodes`. */
function nodeCost(
  selectionSet: SelectionSetNode,
  connection: GraphQLCompositeType,
  ctx: CostContext,
): number {
  let best = 0;
  forEachField(selectionSet, connection, ctx, (node, parent) => {
    const field = fieldsOf(parent)[node.name.value];
    if (!field || !node.selectionSet) return;
    const type = getNamedType(field.type) as GraphQLCompositeType;
    if (node.name.value === 'nodes') {
      best = Math.max(best, 1 + requestedCost(node.selectionSet, type, ctx));
    } else if (node.name.value === 'edges') {
      forEachField(node.selectionSet, type, ctx, (inner, edgeType) => {
        const innerField = fieldsOf(edgeType)[inner.name.value];
        if (inner.name.value === 'node' && innerField && inner.selectionSet) {
          const nodeType = getNamedType(innerField.type) as GraphQLCompositeType;
          best = Math.max(best, 1 + requestedCost(inner.selectionSet, nodeType, ctx));
        }
      });
    }
  });
  return best;
}

export function requestedCost(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  ctx: CostContext,
): number {
  let total = 0;
  forEachField(selectionSet, parent, ctx, (node, parentType) => {
    if (node.name.value.startsWith('__')) return;
    const field = fieldsOf(parentType)[node.name.value];
    if (!field) return;
    const type = getNamedType(field.type);
    if (isLeafType(type) || !node.selectionSet || !isCompositeType(type)) return;
    if (isConnectionField(field)) {
      const size =
        argumentInt(node, 'first', ctx.variables) ?? argumentInt(node, 'last', ctx.variables) ?? 0;
      total += 2 + size * nodeCost(node.selectionSet, type, ctx);
    } else {
      total += 1 + requestedCost(node.selectionSet, type, ctx);
    }
  });
  return total;
}

export function operationRequestedCost(
  operation: OperationDefinitionNode,
  ctx: CostContext,
): number {
  if (operation.operation === 'mutation') {
    let count = 0;
    forEachField(
      operation.selectionSet,
      ctx.schema.getMutationType() as GraphQLCompositeType,
      ctx,
      () => {
        count += 1;
      },
    );
    return count * ctx.mutationCost;
  }
  return requestedCost(
    operation.selectionSet,
    ctx.schema.getQueryType() as GraphQLCompositeType,
    ctx,
  );
}

function responseKey(node: FieldNode): string {
  return node.alias?.value ?? node.name.value;
}

/** Cost of what was returned: connections are charged for the nodes they actually hold. */
export function actualCost(
  selectionSet: SelectionSetNode,
  parent: GraphQLCompositeType,
  data: Record<string, unknown> | null | undefined,
  ctx: CostContext,
): number {
  if (!data) return 0;
  let total = 0;
  forEachField(selectionSet, parent, ctx, (node, parentType) => {
    if (node.name.value.startsWith('__')) return;
    const field = fieldsOf(parentType)[node.name.value];
    if (!field || !node.selectionSet) return;
    const type = getNamedType(field.type);
    if (!isCompositeType(type)) return;
    const value = data[responseKey(node)];
    if (value === null || value === undefined) return;
    if (isConnectionField(field)) {
      total += 2 + connectionActual(node.selectionSet, type, value as Record<string, unknown>, ctx);
    } else if (Array.isArray(value)) {
      for (const entry of value) {
        total += 1 + actualCost(node.selectionSet, type, entry as Record<string, unknown>, ctx);
      }
    } else {
      total += 1 + actualCost(node.selectionSet, type, value as Record<string, unknown>, ctx);
    }
  });
  return total;
}

function connectionActual(
  selectionSet: SelectionSetNode,
  connection: GraphQLCompositeType,
  value: Record<string, unknown>,
  ctx: CostContext,
): number {
  let viaNodes = 0;
  let viaEdges = 0;
  forEachField(selectionSet, connection, ctx, (node, parent) => {
    const field = fieldsOf(parent)[node.name.value];
    if (!field || !node.selectionSet) return;
    const type = getNamedType(field.type) as GraphQLCompositeType;
    const list = value[responseKey(node)];
    if (!Array.isArray(list)) return;
    if (node.name.value === 'nodes') {
      for (const item of list) {
        viaNodes += 1 + actualCost(node.selectionSet, type, item as Record<string, unknown>, ctx);
      }
    } else if (node.name.value === 'edges') {
      forEachField(node.selectionSet, type, ctx, (inner, edgeType) => {
        const innerField = fieldsOf(edgeType)[inner.name.value];
        if (inner.name.value !== 'node' || !innerField || !inner.selectionSet) return;
        const nodeType = getNamedType(innerField.type) as GraphQLCompositeType;
        let sum = 0;
        for (const edge of list as Array<Record<string, unknown>>) {
          const item = edge?.[responseKey(inner)] as Record<string, unknown> | undefined;
          sum += 1 + actualCost(inner.selectionSet, nodeType, item, ctx);
        }
        viaEdges = Math.max(viaEdges, sum);
      });
    }
  });
  return Math.max(viaNodes, viaEdges);
}

/** Leaky bucket per shop (docs/channels §1.6): refill at restoreRate per second up to the size. */
export function bucketLevel(shop: ShopState, bucket: BucketSettings, now: number): number {
  if (shop.bucketAvailable === null) {
    shop.bucketAvailable = bucket.maximumAvailable;
    shop.bucketAt = now;
  }
  const elapsed = Math.max(0, now - shop.bucketAt) / 1000;
  const level = Math.min(
    bucket.maximumAvailable,
    shop.bucketAvailable + elapsed * bucket.restoreRate,
  );
  shop.bucketAvailable = level;
  shop.bucketAt = now;
  return level;
}

export function throttleStatus(level: number, bucket: BucketSettings) {
  return {
    maximumAvailable: bucket.maximumAvailable,
    currentlyAvailable: Math.floor(level),
    restoreRate: bucket.restoreRate,
  };
}
