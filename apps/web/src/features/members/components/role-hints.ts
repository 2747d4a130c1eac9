import type { Role } from '@stocksync/contract';

/** What each role may do, in the words the Members tab uses (the matrix is in the contract). */
export const ROLE_HINTS: Record<Role, string> = {
  owner: 'Everything, including billing and handing the organisation over.',
  admin: 'Everything but billing: connections, members and settings.',
  member:
    'Inventory, products, costs, SKUs, imports and sync; not connections, billing or members.',
  viewer: 'Can look at everything, change nothing.',
};
