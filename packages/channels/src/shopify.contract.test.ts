import { channelContract } from './contract-tests/battery';
import { startShopifyHarness } from './contract-tests/shopify-harness';

channelContract('shopify', () => startShopifyHarness());
