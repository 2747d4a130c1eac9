import { channelContract } from './contract-tests/battery';
import { startShopifyHarness } from './contract-tests/shopify-harness';

// inventorySetQuantities changes shape by version (compareQuantity before 2026-01,
// changeFromQuantity required from 2026-04): the same battery against the oldest and a middle one.
channelContract('shopify 2025-10', () =>
  startShopifyHarness({ config: { apiVersion: '2025-10' } }),
);
channelContract('shopify 2026-01', () =>
  startShopifyHarness({ config: { apiVersion: '2026-01' } }),
);
