import type { EmulatorApp } from './emulator-app';

/** What every emulator module exports a factory for (createShopifyEmulator, createEbayEmulator, ...). */
export interface Emulator {
  readonly name: 'shopify' | 'ebay' | 'tiktok' | 'stripe';
  readonly core: EmulatorApp;
  /** Starts on 127.0.0.1 (port 0 = a free port); answers the base URL. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  /** For the index page of `npm run emulators`: what it is and its sandbox accounts and keys. */
  describe(): { title: string; accounts: Array<Record<string, string>> };
}
