import type { ShopifyEmulator } from '@stocksync/emulators';
import type { Db } from '../../apps/server/src/db/client';
import { systemClock } from '../../apps/server/src/lib/clock';
import { deriveKeys } from '../../apps/server/src/lib/crypto';
import { ActivityService } from '../../apps/server/src/modules/activity/service';
import { SkuService } from '../../apps/server/src/modules/catalog/sku-service';
import { buildChannels } from '../../apps/server/src/modules/connections/channels';
import { ConnectionsService } from '../../apps/server/src/modules/connections/service';
import { ImportsService } from '../../apps/server/src/modules/imports/service';
import { OrganizationsService } from '../../apps/server/src/modules/organizations/service';

/**
 * The services an import runs through, on the Shopify emulator at `url`: only Shopify is measured,
 * eBay and TikTok get placeholder credentials and are never called.
 */
export function importServices(db: Db, emulator: ShopifyEmulator, url: string) {
  const channels = buildChannels(
    {
      APP_URL: 'http://127.0.0.1:9',
      EBAY_CLIENT_ID: 'unused',
      EBAY_CLIENT_SECRET: 'unused',
      EBAY_RU_NAME: 'unused',
      TIKTOK_APP_KEY: 'unused',
      TIKTOK_APP_SECRET: 'unused',
      TIKTOK_SERVICE_ID: 'unused',
    },
    { shopify: { emulator, url } },
  );
  const keys = deriveKeys('bench-secret-bench-secret-bench-secret-0123');
  const activity = new ActivityService(db, systemClock);
  const skus = new SkuService(db, systemClock, activity);
  const connections = new ConnectionsService(
    db,
    systemClock,
    keys,
    channels,
    activity,
    'http://127.0.0.1:9',
    new OrganizationsService(db, systemClock),
  );
  const imports = new ImportsService(db, systemClock, connections, skus, activity);
  return { channels, keys, connections, imports };
}
