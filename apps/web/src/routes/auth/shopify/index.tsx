import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { ShopifyInstallScreen } from '@/features/integrations/components/channel-auth-screens';
import { rememberPendingShopifyInstall } from '@/features/integrations/pending-install';
import { isLoggedIn } from '@/lib/session';

// Shopify-initiated installs arrive with ?shop=…&hmac=…&timestamp=…; only the shop is used here
// (the server signs its own OAuth state).
const searchSchema = z.object({ shop: z.string().optional().catch(undefined) });

export const Route = createFileRoute('/auth/shopify/')({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    if (isLoggedIn()) return;
    // Sign in first; the dashboard brings the seller back to this install.
    if (search.shop) rememberPendingShopifyInstall(search.shop);
    throw redirect({ to: '/auth/login', replace: true });
  },
  head: () => ({ meta: [{ title: 'Connect Shopify · stocksync' }] }),
  component: ShopifyInstallPage,
});

function ShopifyInstallPage() {
  const { shop } = Route.useSearch();
  return <ShopifyInstallScreen shop={shop} />;
}
