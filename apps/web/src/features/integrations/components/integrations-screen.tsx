import { Plug } from 'lucide-react';
import { LoadError } from '@/components/layout/load-error';
import { PageHeader } from '@/components/layout/page-header';
import { Spinner } from '@/components/ui/spinner';
import type { Organization } from '@/lib/api-types';
import { useConnectUrl } from '../api/get-connect-url';
import { usePlatforms } from '../api/get-platforms';
import { ConnectChannels } from './connect-channels';
import { ConnectionList } from './connection-list';

export function IntegrationsScreen({ organization }: { organization: Organization }) {
  const platforms = usePlatforms(organization.id);
  const ebayUrl = useConnectUrl(organization.id, 'ebay');
  const connections = platforms.data?.platforms ?? [];

  return (
    <>
      <PageHeader
        title="Integrations"
        description="The sales channels you sell on: connect accounts, import their catalogues and choose which ones keep stock in sync."
      />
      <section aria-labelledby="connections-heading" className="mb-8 grid gap-3">
        <h2 id="connections-heading" className="text-lg font-semibold">
          Connected accounts
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
          <p className="flex items-center gap-2 rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
            <Plug className="size-4 shrink-0" aria-hidden />
            No accounts connected yet. Connect a channel below to import its products and keep stock
            in sync.
          </p>
        ) : (
          <ConnectionList
            orgId={organization.id}
            orgName={organization.name}
            connections={connections}
            manage
          />
        )}
      </section>
      <section aria-labelledby="connect-heading" className="grid gap-3">
        <h2 id="connect-heading" className="text-lg font-semibold">
          Connect a channel
        </h2>
        <ConnectChannels
          orgId={organization.id}
          ebay={{
            url: ebayUrl.data?.url ?? '',
            error: ebayUrl.error?.message ?? null,
            fetchedAt: ebayUrl.dataUpdatedAt || undefined,
            loading: ebayUrl.isPending,
          }}
        />
      </section>
    </>
  );
}
