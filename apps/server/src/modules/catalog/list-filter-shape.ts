import type { StockFilter } from '@stocksync/contract';
import { patternsOf, type ProductFilters } from './product-filters-repository';
import type { SearchPatterns } from './product-search-repository';

/**
 * A list statement is compiled once per shape (db/query-shapes.ts): the shape says which filter
 * conditions it has, the values are its parameters, so every search term or synced value reuses it.
 */
export interface FilterShape {
  synced: boolean;
  missingSku: boolean;
  missingCost: boolean;
  stock: StockFilter | null;
  search: boolean;
}

export interface FilterValues {
  synced: boolean;
  term: string;
  indexPattern: string;
}

/** The filters' shape and parameter values. */
export function filterShapeOf(filters: ProductFilters): {
  shape: FilterShape;
  values: FilterValues;
} {
  const patterns = patternsOf(filters);
  return {
    shape: {
      synced: filters.synced !== undefined,
      missingSku: Boolean(filters.missingSku),
      missingCost: Boolean(filters.missingCost),
      stock: filters.stock ?? null,
      search: patterns !== undefined,
    },
    values: {
      synced: filters.synced ?? false,
      term: patterns?.term ?? '',
      indexPattern: patterns?.index ?? '',
    },
  };
}

/** The filters again, from a shape and its values (the parameters stand in for the values). */
export function filtersOfShape(
  shape: FilterShape,
  values: FilterValues,
): { filters: ProductFilters; patterns: SearchPatterns | undefined } {
  return {
    filters: {
      ...(shape.synced && { synced: values.synced }),
      ...(shape.missingSku && { missingSku: true }),
      ...(shape.missingCost && { missingCost: true }),
      ...(shape.stock && { stock: shape.stock }),
    },
    patterns: shape.search ? { term: values.term, index: values.indexPattern } : undefined,
  };
}
