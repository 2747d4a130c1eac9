import { createFileRoute } from '@tanstack/react-router';
import { ChannelCallbackScreen } from '@/features/integrations/components/channel-auth-screens';
import { requireLogin } from '@/lib/home-redirect';

export const Route = createFileRoute('/auth/shopify/callback')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Connecting Shopify · stocksync' }] }),
  component: () => <ChannelCallbackScreen platform="shopify" />,
});
