import type { ErrorComponentProps } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Platform } from '@stocksync/contract';
import { accountQueryOptions, ChannelLoadError, ReconnectButton } from '@/features/integrations';
import { isApiError } from '@/lib/api-client';
import type { Organization } from '@/lib/api-types';

type ImportLoadErrorProps = ErrorComponentProps & {
  organization: Organization;
  platform: Platform;
  alias: string;
};

/** Spec §2: the import screens' dedicated error screen; a lost connection offers to reconnect. */
export function ImportLoadError({ organization, platform, alias, ...props }: ImportLoadErrorProps) {
  const queryClient = useQueryClient();
  // 409: the connection lost its access (needs_reauth) or was disconnected.
  const account =
    isApiError(props.error) && props.error.status === 409
      ? queryClient.getQueryData(accountQueryOptions(organization.id, platform, alias).queryKey)
      : undefined;
  return (
    <ChannelLoadError
      {...props}
      orgName={organization.name}
      alias={alias}
      what="import"
      action={
        account ? (
          <ReconnectButton
            orgId={organization.id}
            connection={{
              id: account.platform_connection_id,
              platform,
              alias: account.alias,
              shop_domain: account.shop_domain,
            }}
          />
        ) : undefined
      }
    />
  );
}
