import type { Db } from '../../db/client';
import { PLATFORM_NAMES, type Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { Keys } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { Channels } from './channels';

/** What every part of the connections module works with. */
export interface ConnectionsContext {
  db: Db;
  clock: Clock;
  keys: Pick<Keys, 'encryption' | 'hmac'>;
  /** The adapters; throws 503 when the app was built without any. */
  channels: () => Channels;
  activity: ActivityService;
}

export const channelUnavailable = (platform: Platform) =>
  new AppError(502, `${PLATFORM_NAMES[platform]} did not answer. Please try again.`);

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
