import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { homeRedirect } from '@/lib/home-redirect';
import { safeReturnPath } from '@/lib/return-path';
import { isLoggedIn } from '@/lib/session';

// Channel authorisation screens must stay reachable while signed in (spec §2 names Shopify and
// eBay; TikTok Shop's start and callback screens need the same, or a signed-in seller could never
// connect one).
const SIGNED_IN_PREFIXES = ['/auth/shopify', '/auth/ebay', '/auth/tiktok'];

export const Route = createFileRoute('/auth')({
  beforeLoad: ({ location }) => {
    const exempt = SIGNED_IN_PREFIXES.some((prefix) => location.pathname.startsWith(prefix));
    if (!isLoggedIn() || exempt) return;
    // Signed in already (another tab): the page asked for, else the start page's choice.
    const returnTo = safeReturnPath((location.search as { redirect?: unknown }).redirect);
    throw returnTo ? redirect({ href: returnTo, replace: true }) : homeRedirect();
  },
  component: AuthRoute,
});

function AuthRoute() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
