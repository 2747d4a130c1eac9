import type { Query, QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from './live-stream';

/**
 * What each kind of change makes stale, by the first element of the query keys (each feature's
 * *-keys.ts; every key of an organisation's data carries its id). The inventory list, product
 * page, listings and stock history are under 'products'; the dashboard reads integrations,
 * imports and analytics.
 */
const STALE_ROOTS: Record<LiveMessage['kind'], readonly string[] | 'all'> = {
  stock: ['products', 'activities', 'analytics', 'integrations'],
  listing: ['products', 'integrations'],
  sync: ['products', 'integrations', 'analytics', 'activities'],
  import: ['imports', 'products', 'integrations', 'analytics', 'activities'],
  activity: ['activities', 'analytics'],
  reset: 'all',
};

/** How often at most the caches are refreshed while changes pour in (50 sales a second, say). */
export const FLUSH_MS = 250;

/**
 * Marks the organisation's queries a change affects as stale: those on screen refetch at once,
 * the others when next shown. Changes are gathered for FLUSH_MS so that a burst costs one refetch
 * per screen, not one per change.
 */
export function createLiveInvalidator(queryClient: QueryClient, orgId: string) {
  const roots = new Set<string>();
  let all = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const everything = all;
    const stale = new Set(roots);
    roots.clear();
    all = false;
    void queryClient.invalidateQueries({
      predicate: (query: Query) =>
        query.queryKey.includes(orgId) && (everything || stale.has(String(query.queryKey[0]))),
    });
  };

  return {
    add(message: LiveMessage) {
      const affected = STALE_ROOTS[message.kind];
      if (affected === 'all') all = true;
      else for (const root of affected) roots.add(root);
      timer ??= setTimeout(flush, FLUSH_MS);
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
