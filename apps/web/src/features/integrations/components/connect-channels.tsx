import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PlatformLogo } from '@/components/ui/platform-logo';
import { Spinner } from '@/components/ui/spinner';
import { CHANNELS } from '@/lib/channels';
import { useCan } from '@/lib/roles';
import { CONNECT_URL_MAX_AGE_MS, getConnectUrl } from '../api/get-connect-url';
import { ShopifyConnectDialog } from './shopify-connect-dialog';

export type EbayConnect = {
  url: string;
  error: string | null;
  /** When the URL was fetched (its OAuth state expires on the server). */
  fetchedAt?: number;
  loading?: boolean;
};

type ConnectChannelsProps = {
  orgId: string;
  /** eBay's consent URL fetched on entry; empty when that failed (the button is then disabled). */
  ebay: EbayConnect;
};

/** One card per channel with its connect button. */
export function ConnectChannels({ orgId, ebay }: ConnectChannelsProps) {
  const [shopifyOpen, setShopifyOpen] = useState(false);
  // Connecting accounts is for admins and the owner (the contract's role matrix).
  const canConnect = useCan('postV1PlatformsShopify');
  const refreshEbay = useMutation({
    mutationFn: ({ orgId: id, platform }: { orgId: string; platform: 'ebay' }) =>
      getConnectUrl(id, platform),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(`eBay sign-in could not be started: ${error.message}`),
  });
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {CHANNELS.map((channel) => (
        <Card key={channel.id}>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <PlatformLogo
                platform={channel.id}
                className={channel.id === 'ebay' ? 'h-4 w-9' : 'size-5'}
              />
              {channel.name}
            </CardTitle>
            <CardDescription>{channel.description}</CardDescription>
          </CardHeader>
          <CardContent>
            {!canConnect.allowed ? (
              <>
                <Button variant="outline" disabled aria-describedby={`${channel.id}-connect-role`}>
                  Connect {channel.name}
                </Button>
                <p id={`${channel.id}-connect-role`} className="mt-2 text-xs text-muted-foreground">
                  {canConnect.reason}
                </p>
              </>
            ) : channel.id === 'shopify' ? (
              <Button variant="outline" onClick={() => setShopifyOpen(true)}>
                Connect Shopify
              </Button>
            ) : channel.id === 'ebay' ? (
              ebay.url ? (
                <a
                  href={ebay.url}
                  className={buttonVariants({ variant: 'outline' })}
                  onClick={(event) => {
                    // Left open too long, the address's state has expired: fetch a fresh one.
                    if (ebay.fetchedAt && Date.now() - ebay.fetchedAt > CONNECT_URL_MAX_AGE_MS) {
                      event.preventDefault();
                      void refreshEbay.mutate({ orgId, platform: 'ebay' });
                    }
                  }}
                >
                  {refreshEbay.isPending ? <Spinner /> : null}
                  Connect eBay
                </a>
              ) : (
                <>
                  <Button variant="outline" disabled aria-describedby="ebay-connect-unavailable">
                    Connect eBay
                  </Button>
                  <p id="ebay-connect-unavailable" className="mt-2 text-xs text-muted-foreground">
                    {ebay.loading
                      ? 'Preparing the eBay sign-in…'
                      : `eBay sign-in is unavailable right now${ebay.error ? ` (${ebay.error})` : ''}. Reload the page to try again.`}
                  </p>
                </>
              )
            ) : (
              <Link to="/auth/tiktok" className={buttonVariants({ variant: 'outline' })}>
                Connect TikTok Shop
              </Link>
            )}
          </CardContent>
        </Card>
      ))}
      <ShopifyConnectDialog orgId={orgId} open={shopifyOpen} onOpenChange={setShopifyOpen} />
    </div>
  );
}
