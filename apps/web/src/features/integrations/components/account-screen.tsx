import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Organization } from '@/lib/api-types';
import { channelName } from '@/lib/channels';
import { accountQueryOptions } from '../api/get-account';
import type { ChannelAccount, Platform } from '../api/types';
import { daysText, tokenExpiryState } from '../token-expiry';
import { CheckStockButton } from './check-stock-button';
import { ConnectionStatusBadge, SandboxBadge } from './connection-badges';
import { DisconnectButton, ReconnectButton } from './connection-actions';
import { SandboxControls } from './sandbox-controls';

type AccountScreenProps = { organization: Organization; platform: Platform; alias: string };

function formatDate(value: string | null) {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-all">
        {children ?? <span className="text-muted-foreground">—</span>}
      </dd>
    </div>
  );
}

function TokenWarning({ account }: { account: ChannelAccount }) {
  const state = tokenExpiryState(account.refresh_token_expiry);
  if (state.kind !== 'soon' && state.kind !== 'lapsed') return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm"
    >
      <TriangleAlert className="size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
      <span className="flex-1">
        {state.kind === 'lapsed'
          ? 'The authorisation of this account has lapsed. Reconnect it so stock keeps syncing.'
          : `The authorisation of this account lapses ${daysText(state.days)}. Reconnect it before then so stock keeps syncing.`}
      </span>
    </div>
  );
}

/** Spec §2/§3: the connected account's fields, its status and what can be done with it. */
export function AccountScreen({ organization, platform, alias }: AccountScreenProps) {
  const navigate = useNavigate();
  const { data: account } = useSuspenseQuery(accountQueryOptions(organization.id, platform, alias));
  const connection = {
    id: account.platform_connection_id,
    platform,
    alias: account.alias,
    shop_domain: account.shop_domain,
  };
  const name = channelName(platform);
  const disconnected = account.status === 'disconnected';

  return (
    <>
      <PageHeader
        title={account.alias}
        description={`${name} account`}
        actions={
          <div className="flex flex-wrap gap-2">
            {disconnected ? null : (
              <Link
                to="/$org/integrations/$platform/$alias/import"
                params={{ org: organization.name, platform, alias }}
                className={buttonVariants({ size: 'sm' })}
              >
                Import products
              </Link>
            )}
            {account.status === 'active' ? (
              <CheckStockButton
                orgId={organization.id}
                orgName={organization.name}
                pcId={account.platform_connection_id}
              />
            ) : null}
            <ReconnectButton
              orgId={organization.id}
              connection={connection}
              variant={account.status === 'active' ? 'outline' : 'default'}
            />
            {disconnected ? null : (
              <DisconnectButton
                orgId={organization.id}
                connection={connection}
                onDisconnected={() =>
                  void navigate({ to: '/$org/integrations', params: { org: organization.name } })
                }
              />
            )}
          </div>
        }
      />
      <div className="grid gap-4">
        {account.status === 'needs_reauth' ? (
          <div
            role="alert"
            className="flex items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm"
          >
            <TriangleAlert
              className="size-4 shrink-0 text-amber-600 dark:text-amber-300"
              aria-hidden
            />
            stocksync lost access to this account. Reconnect it to keep stock in sync.
          </div>
        ) : disconnected ? (
          <p className="rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
            This account is disconnected: stocksync no longer imports from it or syncs its stock.
            Reconnect it to start again; products imported from it stayed in your inventory.
          </p>
        ) : (
          <TokenWarning account={account} />
        )}
        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              Account details
              <ConnectionStatusBadge status={account.status} />
              {account.sandbox ? <SandboxBadge /> : null}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3">
              <Field label="Alias">{account.alias}</Field>
              <Field label="Channel">{name}</Field>
              {account.shop_domain ? (
                <Field label="Shop domain">{account.shop_domain}</Field>
              ) : null}
              <Field label="Username">{account.username}</Field>
              {platform === 'ebay' || account.ebay_id ? (
                <Field label="eBay user ID">{account.ebay_id}</Field>
              ) : null}
              <Field label="Marketplace">{account.marketplace_id}</Field>
              <Field label="Refresh token expires">
                {formatDate(account.refresh_token_expiry)}
              </Field>
              <Field label="Platform connection ID">
                <code className="font-mono text-xs">{account.platform_connection_id}</code>
              </Field>
            </dl>
          </CardContent>
        </Card>
        {account.sandbox && account.status === 'active' ? (
          <SandboxControls
            orgId={organization.id}
            orgName={organization.name}
            platform={platform}
            alias={account.alias}
            pcId={account.platform_connection_id}
          />
        ) : null}
      </div>
    </>
  );
}
