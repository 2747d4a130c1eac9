import { Suspense, type ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnySchema,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';

type ScreenRoute = {
  /** The app's route path the screen belongs to, e.g. '/$org/settings/billing'. */
  path: string;
  /** The address opened, e.g. '/Acme/settings/billing?provider=SHOPIFY'. */
  url: string;
  validateSearch?: (search: Record<string, unknown>) => AnySchema;
};

/**
 * Renders a screen as the app does (router, query client, toaster) and nothing else: the API is
 * whatever the test answers through msw. Mounted under the route path of the app's own route, so
 * the screen's getRouteApi hooks find their match. Failed reads are not retried.
 */
export function renderScreen(screen: ReactElement, route?: ScreenRoute) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const rootRoute = createRootRoute();
  const screenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: route?.path ?? '/',
    validateSearch: route?.validateSearch,
    component: () => <Suspense fallback={<p>Loading the screen</p>}>{screen}</Suspense>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: [route?.url ?? '/'] }),
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, router };
}
