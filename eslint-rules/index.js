import dataAccess from './data-access.js';
import tableOwnership from './table-ownership.js';

/** StockSync's own lint rules (docs/decisions/0043). */
export default {
  meta: { name: 'eslint-plugin-stocksync' },
  rules: {
    'data-access-in-repositories': dataAccess,
    'table-ownership': tableOwnership,
  },
};
