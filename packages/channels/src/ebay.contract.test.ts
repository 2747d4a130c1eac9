import { channelContract } from './contract-tests/battery';
import { startEbayHarness } from './contract-tests/ebay-harness';

channelContract('ebay', () => startEbayHarness());
