import { createFileRoute } from '@tanstack/react-router';
import { ChannelAuthScreen } from '@/features/integrations/components/channel-auth-screen';

export const Route = createFileRoute('/auth/tiktok/')({
  component: () => <ChannelAuthScreen channel="TikTok Shop" step="start" />,
});
