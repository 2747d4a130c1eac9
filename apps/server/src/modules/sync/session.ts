import {
  AuthError,
  withRetry,
  type ChannelAdapter,
  type ChannelCredentials,
  type RetryOptions,
} from '@stocksync/channels';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { ConnectionsService } from '../connections/service';
import type { SyncListing } from './listings-repository';
import type { MasterQuantities } from './master';
import { PushesRepository } from './pushes-repository';
import type { Wakeups } from './wakeups';

export interface ConnectionSyncSettings {
  /** In-job retries of one channel call before the job itself is retried by the queue. */
  retry: RetryOptions;
  /** How long a difference on a channel without compare-and-set must persist to be trusted. */
  driftSettleMs: number;
  /**
   * How long a decrease applied as a change made on eBay or TikTok Shop can still be claimed by an
   * order that arrives after it, as the sale it was (ADR 0054).
   */
  decreaseClaimMs: number;
}

/** What a connection's job works with (the same for its reads and its pushes). */
export interface SyncContext {
  db: Db;
  clock: Clock;
  connections: ConnectionsService;
  master: MasterQuantities;
  activity: ActivityService;
  settings: ConnectionSyncSettings;
}

/** One connection, with its channel adapter and credentials, for the length of one job. */
export interface Session {
  id: string;
  organizationId: string;
  platform: Platform;
  alias: string;
  /** The account's own switch: reads go on while it is off, pushes wait. */
  syncEnabled: boolean;
  adapter: ChannelAdapter;
  credentials: ChannelCredentials;
}

/** The connection's session; null when it is not active (or a refresh failed) or deleted. */
export async function openSession(
  connections: ConnectionsService,
  connectionId: string,
): Promise<Session | null> {
  let found;
  try {
    found = await connections.withCredentials(connectionId);
  } catch (error) {
    if (error instanceof AuthError || (error instanceof AppError && error.statusCode === 404))
      return null;
    throw error;
  }
  const { row, credentials } = found;
  return {
    id: row.id,
    organizationId: row.organization_id,
    platform: row.platform,
    alias: row.alias,
    syncEnabled: row.sync_enabled,
    adapter: connections.channels[row.platform].adapter,
    credentials,
  };
}

/** The channel refused our credentials: the connection needs re-authorising (true), or rethrow. */
export async function handledAuthFailure(
  connections: ConnectionsService,
  session: Session,
  error: unknown,
): Promise<boolean> {
  if (!(error instanceof AuthError)) return false;
  await connections.markNeedsReauth(session.id, error.message);
  return true;
}

/** A channel call with the in-job retries. */
export function call<T>(context: SyncContext, fn: () => Promise<T>): Promise<T> {
  return withRetry(fn, context.settings.retry);
}

/** Listings without a location get the channel's default (where pushes write). */
export async function withLocations(
  context: SyncContext,
  session: Session,
  listings: SyncListing[],
): Promise<void> {
  const { adapter } = session;
  if (!adapter.defaultLocation || listings.every((l) => l.external_location_id)) return;
  const location = await call(context, () => adapter.defaultLocation!(session.credentials));
  await new PushesRepository(context.db).setLocation(session.id, location);
  for (const listing of listings) listing.external_location_id ??= location;
}

/**
 * Wakes the jobs of the other connections that now have work. This connection's own pushes are
 * taken by the running job's next round (run, or the job reconcile queues), not by another job.
 */
export async function wakeOthers(db: Db, session: Session, wakeups: Wakeups): Promise<void> {
  wakeups.drop('sync_connection', session.id);
  await wakeups.flush(db);
}
