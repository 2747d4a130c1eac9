import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PlatformLogo } from '@/features/products/components/platform-logo';
import { CHANNELS } from '../channels';
import { ShopifyConnectDialog } from './shopify-connect-dialog';

export type EbayConnect = { url: string; error: string | null; loading?: boolean };

type ConnectChannelsProps = {
  orgId: string;
  /** eBay's consent URL fetched on entry; empty when that failed (the button is then disabled). */
  ebay: EbayConnect;
};

/** One card per channel with its connect button. */
export function ConnectChannels({ orgId, ebay }: ConnectChannelsProps) {
  const [shopifyOpen, setShopifyOpen] = useState(false);
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
            {channel.id === 'shopify' ? (
              <Button variant="outline" onClick={() => setShopifyOpen(true)}>
                Connect Shopify
              </Button>
            ) : channel.id === 'ebay' ? (
              ebay.url ? (
                <a href={ebay.url} className={buttonVariants({ variant: 'outline' })}>
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
