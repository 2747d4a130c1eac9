import { useEffect, useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { LoadError } from '@/components/layout/load-error';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  usePlatforms,
  ConnectChannels,
  type EbayConnect,
  ConnectionList,
  takePendingShopifyInstall,
} from '@/features/integrations';
import type { Organization } from '@/lib/api-types';
import { AnalyticsOverview, type AnalyticsRangeSearch } from '@/features/analytics';

type DashboardScreenProps = {
  organization: Organization;
  status?: 'success';
  message?: string;
  /** Spec §2: fetched on entry; empty when that failed. */
  ebay: EbayConnect;
  /** The analytics range in the URL. */
  range: AnalyticsRangeSearch;
  onRangeChange: (range: AnalyticsRangeSearch) => void;
};

export function DashboardScreen({
  organization,
  status,
  message,
  ebay,
  range,
  onRangeChange,
}: DashboardScreenProps) {
  const navigate = useNavigate();
  const platforms = usePlatforms(organization.id);
  const connections = platforms.data?.platforms ?? [];
  const [bannerShown, setBannerShown] = useState(true);
  // Set by the channel callback screens when a connection failed (history state, not the URL).
  const connectError = useRouterState({ select: (state) => state.location.state.connectError });

  // A Shopify install started from Shopify while signed out continues here after sign-in.
  useEffect(() => {
    const shop = takePendingShopifyInstall();
    if (shop) void navigate({ to: '/auth/shopify', search: { shop }, replace: true });
  }, [navigate]);

  return (
    <>
      <PageHeader title="Dashboard" description={`Overview of ${organization.name}`} />
      {status === 'success' && bannerShown ? (
        <div
          role="status"
          className="mb-6 flex items-center gap-2 rounded-md border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm"
        >
          <CircleCheck className="size-4 shrink-0 text-emerald-500" aria-hidden />
          <span className="flex-1">{message || 'Done.'}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Dismiss"
            onClick={() => setBannerShown(false)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
      {connectError ? (
        <div
          role="alert"
          className="mb-6 flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
        >
          <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
          <span className="flex-1">The account could not be connected: {connectError}</span>
        </div>
      ) : null}

      <AnalyticsOverview
        orgId={organization.id}
        orgName={organization.name}
        search={range}
        onRangeChange={onRangeChange}
      />

      <section aria-labelledby="accounts-heading" className="mb-8 grid gap-3">
        <h2 id="accounts-heading" className="text-lg font-semibold">
          Sales channels
        </h2>
        {platforms.isPending ? (
          <Spinner className="size-6 text-muted-foreground" label="Loading connected accounts" />
        ) : platforms.isError ? (
          <LoadError
            subject="The connected accounts"
            error={platforms.error}
            onRetry={() => void platforms.refetch()}
          />
        ) : connections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sales channels connected yet.</p>
        ) : (
          <ConnectionList
            orgId={organization.id}
            orgName={organization.name}
            connections={connections}
          />
        )}
      </section>

      <section aria-labelledby="connect-heading" className="grid gap-3">
        <h2 id="connect-heading" className="text-lg font-semibold">
          {connections.length === 0 ? 'Connect a channel' : 'Connect another account'}
        </h2>
        <ConnectChannels orgId={organization.id} ebay={ebay} />
      </section>
    </>
  );
}
