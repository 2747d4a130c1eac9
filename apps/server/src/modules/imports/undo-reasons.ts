import { PLATFORM_NAMES } from '../../db/types';
import type { LaterChange } from '../sync/import-undo';

const STOCK_CAUSES: Record<string, string> = {
  order: 'a sale',
  channel_edit: 'an edit on a channel',
  manual: 'a stock edit',
  import: 'a later import',
  import_undo: 'an undo of another import',
  reconciliation: 'a reconciliation',
};

/** Why an import cannot be undone, in words a seller can act on (the 409's message). */
export function laterChangeReason(
  later: LaterChange | { kind: 'edit'; name: string },
  importName: string,
): string {
  const lead = `This import from ${importName} cannot be undone:`;
  switch (later.kind) {
    case 'stock': {
      const where = later.platform ? ` on ${PLATFORM_NAMES[later.platform]}` : '';
      const what = later.sku ? `SKU ${later.sku}` : `“${later.title}”`;
      return `${lead} ${STOCK_CAUSES[later.cause] ?? 'a change'}${where} moved the stock of ${what} since.`;
    }
    case 'listing':
      return `${lead} its products were linked to ${PLATFORM_NAMES[later.platform]} ${later.alias} since; undo that import first.`;
    case 'edit':
      return `${lead} “${later.name}” was changed since (edited, or sync turned on).`;
  }
}
