import type { ChannelSettings, Channels } from './channels';

/** What every platform's channel is built from. */
export interface ChannelBuild {
  settings: Partial<ChannelSettings>;
  /** APP_URL without its trailing slash. */
  appUrl: string;
  webhookUrls: Channels['webhookUrls'];
}

/** The settings given, without those left unset (so the adapter's defaults apply). */
export const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
