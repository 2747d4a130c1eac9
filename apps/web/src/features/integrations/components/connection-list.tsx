import { Link } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { PlatformLogo } from '@/components/ui/platform-logo';
import { channelName } from '@/lib/channels';
import type { PlatformConnection } from '../api/types';
import { ConnectionStatusBadge, SandboxBadge } from './connection-badges';
import { DisconnectButton, ReconnectButton, SyncSwitch } from './connection-actions';

type ConnectionListProps = {
  orgId: string;
  orgName: string;
  connections: PlatformConnection[];
  /** Sync switch and disconnect (the integrations screen); the dashboard shows status only. */
  manage?: boolean;
};

function accountDetail(connection: PlatformConnection) {
  const parts = [connection.shop_domain ?? connection.username, connection.marketplace_id];
  return parts.filter(Boolean).join(' · ');
}

/** The organisation's connected accounts with their status and where to go from each. */
export function ConnectionList({
  orgId,
  orgName,
  connections,
  manage = false,
}: ConnectionListProps) {
  return (
    <ul className="grid gap-3" aria-label="Connected accounts">
      {connections.map((connection) => {
        const params = { org: orgName, platform: connection.platform, alias: connection.alias };
        const detail = accountDetail(connection);
        return (
          <li
            key={connection.id}
            className="grid gap-3 rounded-lg border bg-card p-4 sm:flex sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 items-start gap-3">
              <PlatformLogo
                platform={connection.platform}
                className={connection.platform === 'ebay' ? 'mt-1 h-4 w-9' : 'mt-0.5 size-6'}
              />
              <div className="grid min-w-0 gap-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium">{connection.alias}</span>
                  <span className="text-sm text-muted-foreground">
                    {channelName(connection.platform)}
                  </span>
                  <ConnectionStatusBadge status={connection.status} />
                  {connection.sandbox ? <SandboxBadge /> : null}
                </p>
                {detail ? <p className="truncate text-sm text-muted-foreground">{detail}</p> : null}
                {connection.status === 'disconnected' ? (
                  <p className="text-sm text-muted-foreground">
                    Not syncing. Reconnect to import from it and sync its stock again.
                  </p>
                ) : null}
                {connection.status === 'needs_reauth' ? (
                  <p className="flex items-center gap-1.5 text-sm text-amber-700 dark:text-amber-300">
                    <TriangleAlert className="size-4 shrink-0" aria-hidden />
                    stocksync lost access to this account. Reconnect it to keep stock in sync.
                  </p>
                ) : null}
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {connection.status === 'active' ? null : (
                <ReconnectButton
                  orgId={orgId}
                  connection={connection}
                  variant={connection.status === 'needs_reauth' ? 'default' : 'outline'}
                />
              )}
              {manage && connection.status !== 'disconnected' ? (
                <SyncSwitch orgId={orgId} orgName={orgName} connection={connection} />
              ) : null}
              {connection.status === 'disconnected' ? null : (
                <Link
                  to="/$org/integrations/$platform/$alias/import"
                  params={params}
                  className={buttonVariants({ size: 'sm', variant: 'outline' })}
                  aria-label={`Import products from ${connection.alias}`}
                >
                  Import
                </Link>
              )}
              <Link
                to="/$org/integrations/$platform/$alias/account"
                params={params}
                className={buttonVariants({ size: 'sm', variant: 'ghost' })}
                aria-label={`Account details of ${connection.alias}`}
              >
                Account
              </Link>
              {manage && connection.status !== 'disconnected' ? (
                <DisconnectButton orgId={orgId} connection={connection} />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
