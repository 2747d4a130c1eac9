import { LRUCache } from 'lru-cache';
import type { MembershipChanges } from './membership-changes';
import type { MemberOrganization } from './repository';

/**
 * Memberships found by the org-scope check are remembered this long (positive answers only, so a
 * new membership counts at once); see docs/decisions/0011.
 */
export const MEMBERSHIP_CACHE_TTL_MS = 2000;

/**
 * The org-scope check's memberships, by user and organisation. It remembers only while `changes`
 * listens, and forgets a membership as soon as any process changes or ends it
 * (docs/decisions/0052); without `changes` it remembers nothing.
 */
export class MembershipCache {
  private readonly memberships = new LRUCache<string, MemberOrganization>({
    max: 10_000,
    ttl: MEMBERSHIP_CACHE_TTL_MS,
  });
  /** Counts forgets: a lookup that raced one must not store what it read before it. */
  private generation = 0;

  constructor(private readonly changes?: MembershipChanges) {
    changes?.subscribe({
      changed: (organizationId, userId) => this.forget(organizationId, userId),
      gap: () => this.clear(),
    });
  }

  /** The membership, from the cache or else `find` (remembered when there is one). */
  async get(
    organizationId: string,
    userId: string,
    find: () => Promise<MemberOrganization | undefined>,
  ): Promise<MemberOrganization | undefined> {
    const key = `${userId}:${organizationId}`;
    const cached = this.memberships.get(key);
    if (cached) return cached;
    const generation = this.generation;
    const found = await find();
    if (found && this.changes?.listening && generation === this.generation) {
      this.memberships.set(key, found);
    }
    return found;
  }

  forget(organizationId: string, userId: string): void {
    this.generation += 1;
    this.memberships.delete(`${userId}:${organizationId}`);
  }

  /** Forgets every membership (a cached one carries the organisation's name and currency). */
  clear(): void {
    this.generation += 1;
    this.memberships.clear();
  }
}
