import path from 'node:path';
import {
  startAllEmulators,
  type EbayEmulator,
  type RunningEmulators,
  type ShopifyEmulator,
  type TiktokEmulator,
} from '@stocksync/emulators';
import type { Config } from '../../config';
import {
  buildChannels,
  sandboxPlatforms,
  type ChannelSettings,
  type Channels,
  type SandboxEmulators,
} from './channels';

/** Where the in-process emulators keep their state, so a restart changes nothing a sandbox user sees. */
export const sandboxStateDir = (dataDir: string) => path.join(dataDir, 'sandbox');

/**
 * Demo mode: when a platform has no credentials configured, the emulators are started in-process
 * (seeded sandbox accounts sharing SKUs) and that platform's adapter points at them. Their state
 * (shops, stock, orders, granted tokens, Stripe customers) is kept in DATA_DIR/sandbox
 * (docs/decisions/0033-sandbox-state-in-data-dir.md).
 */
export async function startSandbox(
  config: ChannelSettings & Pick<Config, 'EMULATORS_PORT' | 'DEMO_SHOPIFY_PRODUCTS' | 'DATA_DIR'>,
  log: { info(message: string): void },
): Promise<{ channels: Channels; running: RunningEmulators | null }> {
  const missing = sandboxPlatforms(config);
  if (missing.length === 0) return { channels: buildChannels(config), running: null };
  const running = await startAllEmulators({
    basePort: config.EMULATORS_PORT,
    shopifyProducts: config.DEMO_SHOPIFY_PRODUCTS,
    stateDir: sandboxStateDir(config.DATA_DIR),
  });
  const find = <E>(name: string) => running.emulators.find((e) => e.name === name) as E;
  const sandbox: SandboxEmulators = {};
  if (missing.includes('shopify'))
    sandbox.shopify = { emulator: find<ShopifyEmulator>('shopify'), url: running.urls.shopify };
  if (missing.includes('ebay'))
    sandbox.ebay = { emulator: find<EbayEmulator>('ebay'), url: running.urls.ebay };
  if (missing.includes('tiktok'))
    sandbox.tiktok = { emulator: find<TiktokEmulator>('tiktok'), url: running.urls.tiktok };
  const channels = buildChannels(config, sandbox);
  log.info(
    `sandbox mode for ${missing.join(', ')} (no credentials configured): emulators at ${running.indexUrl}, state in ${sandboxStateDir(config.DATA_DIR)}`,
  );
  return { channels, running };
}
