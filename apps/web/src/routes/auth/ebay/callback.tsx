import { createFileRoute } from '@tanstack/react-router';
import { ChannelCallbackScreen } from '@/features/integrations/components/channel-auth-screens';
import { requireLogin } from '@/lib/home-redirect';

export const Route = createFileRoute('/auth/ebay/callback')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Connecting eBay · stocksync' }] }),
  component: () => <ChannelCallbackScreen platform="ebay" />,
});
