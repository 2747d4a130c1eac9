import { GraphQLError } from 'graphql';

/** Relay connections the way Shopify pages them: first/after, last/before, reverse, opaque cursors. */

export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  nodes: T[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

interface Cursor {
  last_id: number;
  last_value: string;
}

export function encodeCursor(id: number, value: string | number): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: String(value) })).toString('base64');
}

function decodeCursor(cursor: string, argument: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as Cursor;
    if (typeof parsed.last_id === 'number') return parsed;
  } catch {
    // fall through
  }
  throw new GraphQLError(`Invalid cursor for current pagination sort (${argument}).`, {
    extensions: { code: 'BAD_REQUEST' },
  });
}

export interface PageOptions<T> {
  /** Items in their natural (sort key) order, already filtered. */
  items: readonly T[];
  idOf: (item: T) => number;
  /** Sort value put in cursors (the id when sorting by ID). */
  sortValue?: (item: T) => string | number;
  /** True when `items` is in ascending id order, so a cursor is found by binary search. */
  sortedById: boolean;
  /** Bulk operations ignore page sizes and return everything. */
  unbounded: boolean;
  maxPageSize: number;
}

function upperBound<T>(items: readonly T[], idOf: (item: T) => number, id: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (idOf(items[mid] as T) <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function paginate<T>(args: PageArgs, options: PageOptions<T>): Connection<T> {
  const { first, last, after, before } = args;
  if (!options.unbounded) {
    if ((first === undefined || first === null) && (last === undefined || last === null)) {
      throw new GraphQLError('you must provide one of first or last', {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    for (const [name, value] of [
      ['first', first],
      ['last', last],
    ] as const) {
      if (typeof value === 'number' && (value < 0 || value > options.maxPageSize)) {
        throw new GraphQLError(
          `The value of the argument \`${name}\` must be between 0 and ${options.maxPageSize}.`,
          { extensions: { code: 'BAD_REQUEST', argumentName: name } },
        );
      }
    }
  }
  const reverse = Boolean(args.reverse);
  const list = reverse ? [...options.items].reverse() : options.items;
  const sortValue = options.sortValue ?? options.idOf;
  const position = (cursor: string, argument: string): { index: number; found: boolean } => {
    const decoded = decodeCursor(cursor, argument);
    if (options.sortedById && !reverse) {
      const index = upperBound(list, options.idOf, decoded.last_id);
      return { index, found: true };
    }
    const index = list.findIndex((item) => options.idOf(item) === decoded.last_id);
    return { index: index < 0 ? list.length : index + 1, found: index >= 0 };
  };
  let start = 0;
  let end = list.length;
  if (after) start = position(after, 'after').index;
  if (before) {
    const { index, found } = position(before, 'before');
    end = found ? index - 1 : index;
  }
  if (end < start) end = start;
  let from = start;
  let to = end;
  if (!options.unbounded) {
    if (typeof first === 'number') to = Math.min(end, start + first);
    else if (typeof last === 'number') from = Math.max(start, end - last);
  }
  return new LazyConnection(list.slice(from, to), options.idOf, sortValue, {
    hasNextPage: to < (typeof last === 'number' && typeof first !== 'number' ? list.length : end),
    hasPreviousPage: from > 0,
  });
}

/** Edges, cursors and page info are only built when the query selects them (big pages, less garbage). */
class LazyConnection<T> implements Connection<T> {
  constructor(
    readonly nodes: T[],
    private readonly idOf: (item: T) => number,
    private readonly sortValue: (item: T) => string | number,
    private readonly flags: { hasNextPage: boolean; hasPreviousPage: boolean },
  ) {}

  private cursorOf(node: T | undefined): string | null {
    return node === undefined ? null : encodeCursor(this.idOf(node), this.sortValue(node));
  }

  get edges() {
    return this.nodes.map((node) => ({ cursor: this.cursorOf(node) as string, node }));
  }

  get pageInfo() {
    return {
      ...this.flags,
      startCursor: this.cursorOf(this.nodes[0]),
      endCursor: this.cursorOf(this.nodes[this.nodes.length - 1]),
    };
  }
}
