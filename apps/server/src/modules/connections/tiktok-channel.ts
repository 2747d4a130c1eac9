import { TiktokAdapter, type TiktokConfigInput } from '@stocksync/channels';
import { defined, type ChannelBuild } from './channel-build';
import type { ChannelEntry, SandboxEmulators } from './channels';

/** TikTok Shop's adapter: the configured app, or the emulator's when no credentials are set. */
export function tiktokChannel(
  { settings, appUrl, webhookUrls }: ChannelBuild,
  sandbox: SandboxEmulators['tiktok'],
  overrides: Partial<TiktokConfigInput> = {},
): ChannelEntry<TiktokAdapter> {
  if (!sandbox)
    return {
      sandbox: false,
      adapter: new TiktokAdapter({
        appKey: settings.TIKTOK_APP_KEY!,
        appSecret: settings.TIKTOK_APP_SECRET!,
        serviceId: settings.TIKTOK_SERVICE_ID!,
        ...defined({
          authorizeBaseUrl: settings.TIKTOK_AUTHORIZE_BASE_URL,
          authBaseUrl: settings.TIKTOK_AUTH_BASE_URL,
          apiBaseUrl: settings.TIKTOK_API_BASE_URL,
        }),
        ...overrides,
      }),
    };
  const { emulator, url } = sandbox;
  const ts = emulator.settings;
  ts.redirectUrl = `${appUrl}/auth/tiktok/callback`;
  ts.webhookUrl = webhookUrls.tiktok;
  return {
    sandbox: true,
    emulatorUrl: url,
    adapter: new TiktokAdapter({
      appKey: ts.appKey,
      appSecret: ts.appSecret,
      serviceId: ts.serviceId,
      authorizeBaseUrl: url,
      authBaseUrl: url,
      apiBaseUrl: url,
      ...overrides,
    }),
  };
}
