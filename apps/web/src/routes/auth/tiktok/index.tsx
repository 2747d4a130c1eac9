import { createFileRoute, useRouterState } from '@tanstack/react-router';
import {
  ChannelCallbackScreen,
  TiktokStartScreen,
} from '@/features/integrations/components/channel-auth-screens';
import { requireLogin } from '@/lib/home-redirect';

// The start screen; TikTok Shop may also send the seller back here with ?code=…&state=….
export const Route = createFileRoute('/auth/tiktok/')({
  beforeLoad: requireLogin,
  head: () => ({ meta: [{ title: 'Connect TikTok Shop · stocksync' }] }),
  component: TiktokPage,
});

function TiktokPage() {
  const isCallback = useRouterState({
    select: (state) => {
      const query = new URLSearchParams(state.location.searchStr);
      return query.has('code') || query.has('error');
    },
  });
  return isCallback ? <ChannelCallbackScreen platform="tiktok" /> : <TiktokStartScreen />;
}
