import { LRUCache } from 'lru-cache';
import type { MemberOrganization } from './repository';

/**
 * Memberships found by the org-scope check are remembered this long (positive answers only, so a
 * new membership counts at once); see docs/decisions/0011.
 */
export const MEMBERSHIP_CACHE_TTL_MS = 2000;

/** The org-scope check's memberships, by user and organisation. */
export class MembershipCache {
  private readonly memberships = new LRUCache<string, MemberOrganization>({
    max: 10_000,
    ttl: MEMBERSHIP_CACHE_TTL_MS,
  });

  /** The membership, from the cache or else `find` (remembered when there is one). */
  async get(
    organizationId: string,
    userId: string,
    find: () => Promise<MemberOrganization | undefined>,
  ): Promise<MemberOrganization | undefined> {
    const key = `${userId}:${organizationId}`;
    const cached = this.memberships.get(key);
    if (cached) return cached;
    const found = await find();
    if (found) this.memberships.set(key, found);
    return found;
  }

  /** Forgets every membership (a cached one carries the organisation's name and currency). */
  clear(): void {
    this.memberships.clear();
  }
}
