export * from './core';
export * from './shopify';
export { createEbayEmulator, type EbayEmulator, type EbayEmulatorOptions } from './ebay';
export { createTiktokEmulator, type TiktokEmulator, type TiktokEmulatorOptions } from './tiktok';
export { createStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './stripe';
export { startAllEmulators, type RunningEmulators } from './start-all';
