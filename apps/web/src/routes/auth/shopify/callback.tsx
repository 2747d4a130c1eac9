import { createFileRoute } from '@tanstack/react-router';
import { ChannelAuthScreen } from '@/features/integrations/components/channel-auth-screen';

export const Route = createFileRoute('/auth/shopify/callback')({
  component: () => <ChannelAuthScreen channel="Shopify" step="callback" />,
});
