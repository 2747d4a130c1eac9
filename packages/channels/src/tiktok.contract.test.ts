import { channelContract } from './contract-tests/battery';
import { startTiktokHarness } from './contract-tests/tiktok-harness';

channelContract('tiktok', () => startTiktokHarness());
