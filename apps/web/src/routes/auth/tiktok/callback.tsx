import { createFileRoute } from '@tanstack/react-router';
import { ChannelCallbackScreen } from '@/features/integrations/components/channel-auth-screens';
import { requireLogin } from '@/lib/home-redirect';

export const Route = createFileRoute('/auth/tiktok/callback')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Connecting TikTok Shop · stocksync' }] }),
  component: () => <ChannelCallbackScreen platform="tiktok" />,
});
