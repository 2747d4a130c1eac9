import { createFileRoute } from '@tanstack/react-router';
import { ChannelAuthScreen } from '@/features/integrations/components/channel-auth-screen';

export const Route = createFileRoute('/auth/ebay/callback')({
  component: () => <ChannelAuthScreen channel="eBay" step="callback" />,
});
