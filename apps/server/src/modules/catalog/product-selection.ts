import type { ProductListFilters } from '@stocksync/contract';
import { filtersOf } from './product-filters-repository';
import type { ProductSelection } from './product-selection-repository';

/** A bulk action's body ({ids} or {all_selected, filters}) as the selection it covers. */
export function productSelectionOf(body: {
  ids?: readonly string[] | undefined;
  all_selected?: boolean | undefined;
  filters?: ProductListFilters | undefined;
}): ProductSelection {
  return body.all_selected
    ? { allSelected: true, filters: filtersOf(body.filters ?? {}) }
    : { allSelected: false, ids: body.ids ?? [] };
}
