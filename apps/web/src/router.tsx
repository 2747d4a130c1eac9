import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { ErrorView } from '@/components/layout/error-view';
import { NotFound } from '@/components/layout/not-found';
import { PageSpinner } from '@/components/layout/page-spinner';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadDelay: 100,
    // React Query owns freshness; the router always re-runs loaders (which hit its cache).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: PageSpinner,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface HistoryState {
    /** The address a sign-in code was just mailed to (sign-in/sign-up → verify). */
    email?: string;
    /** Whether that code signs in or signs up, so the verify screen can send a new one. */
    codeMode?: 'login' | 'signup';
  }
}
