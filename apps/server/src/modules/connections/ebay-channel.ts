import { EbayAdapter, type EbayConfigInput } from '@stocksync/channels';
import { defined, type ChannelBuild } from './channel-build';
import type { ChannelEntry, SandboxEmulators } from './channels';

/** eBay's adapter: the configured keyset, or the emulator's when no credentials are set. */
export function ebayChannel(
  { settings, appUrl, webhookUrls }: ChannelBuild,
  sandbox: SandboxEmulators['ebay'],
  overrides: Partial<EbayConfigInput> = {},
): ChannelEntry<EbayAdapter> {
  if (!sandbox)
    return {
      sandbox: false,
      adapter: new EbayAdapter({
        clientId: settings.EBAY_CLIENT_ID!,
        clientSecret: settings.EBAY_CLIENT_SECRET!,
        ruName: settings.EBAY_RU_NAME!,
        deletionEndpoint: webhookUrls.ebayDeletion,
        ...defined({
          authBaseUrl: settings.EBAY_AUTH_BASE_URL,
          apiBaseUrl: settings.EBAY_API_BASE_URL,
          apizBaseUrl: settings.EBAY_APIZ_BASE_URL,
          marketplaceId: settings.EBAY_MARKETPLACE_ID,
          deletionVerificationToken: settings.EBAY_DELETION_VERIFICATION_TOKEN,
        }),
        ...overrides,
      }),
    };
  const { emulator, url } = sandbox;
  const es = emulator.settings;
  es.acceptUrl = `${appUrl}/auth/ebay/callback`;
  es.declineUrl = `${appUrl}/auth/ebay/callback?declined=true`;
  es.deletion.endpoint = webhookUrls.ebayDeletion;
  return {
    sandbox: true,
    emulatorUrl: url,
    adapter: new EbayAdapter({
      clientId: es.clientId,
      clientSecret: es.clientSecret,
      ruName: es.ruName,
      authBaseUrl: url,
      apiBaseUrl: url,
      apizBaseUrl: url,
      deletionEndpoint: webhookUrls.ebayDeletion,
      deletionVerificationToken: es.deletion.verificationToken,
      ...overrides,
    }),
  };
}
