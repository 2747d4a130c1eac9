import type { PlatformConnection } from '@stocksync/contract';

/** Where Settings' Account and Import items lead (spec §2: ../account and ../import of an account). */
export type ChannelAccountTargets =
  | { kind: 'none' }
  | { kind: 'one'; connection: PlatformConnection }
  | { kind: 'several'; connections: PlatformConnection[] };

/**
 * Accounts still connected (a disconnected one has nothing to import), oldest first: one goes
 * straight to its screens, several open a chooser, none leads to the integrations screen.
 */
export function channelAccountTargets(platforms: PlatformConnection[]): ChannelAccountTargets {
  const connected = platforms
    .filter((connection) => connection.status !== 'disconnected')
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  const [only] = connected;
  if (!only) return { kind: 'none' };
  if (connected.length === 1) return { kind: 'one', connection: only };
  return { kind: 'several', connections: connected };
}
