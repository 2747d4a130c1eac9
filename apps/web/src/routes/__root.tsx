import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from '@/components/layout/not-found';

export type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
