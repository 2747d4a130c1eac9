import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Plans } from './plans';
import { BillingRepository } from './repository';
import { isGated, shouldApply, type ProviderReport } from './state';
import type { PlanRow, SubscriptionChanges, SubscriptionRow } from './tables';

/** Subscriptions read by the gate are remembered this long (docs/decisions/0011 and 0030). */
export const SUBSCRIPTION_CACHE_TTL_MS = 2000;

export interface OrgState {
  row: SubscriptionRow | undefined;
  plan: PlanRow | undefined;
}

/**
 * The organisation's stored subscription: read through a short cache (the gate asks on every
 * gated call), changed only under its row lock, and forgotten by the cache after a change.
 */
export class SubscriptionState {
  private readonly states = new LRUCache<string, OrgState>({
    max: 10_000,
    ttl: SUBSCRIPTION_CACHE_TTL_MS,
  });

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: Plans,
  ) {}

  repo(db: Db = this.db): BillingRepository {
    return new BillingRepository(db);
  }

  async current(organizationId: string): Promise<OrgState> {
    const cached = this.states.get(organizationId);
    if (cached) return cached;
    const row = await this.repo().find(organizationId);
    const state = { row, plan: await this.plans.find(row?.plan_code ?? null) };
    this.states.set(organizationId, state);
    return state;
  }

  /** Forgets the cached state after a change made by this process. */
  forget(organizationId: string): void {
    this.states.delete(organizationId);
  }

  async isGated(organizationId: string): Promise<boolean> {
    return isGated((await this.current(organizationId)).row, this.clock.now());
  }

  /** Runs `run` in a transaction, then forgets the organisations it changed. */
  inTransaction<T>(organizationIds: () => string[], run: (trx: Db) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute(run)
      .finally(() => {
        for (const id of organizationIds()) this.forget(id);
      });
  }

  /** Writes changes to a row the caller holds locked. */
  update(db: Db, organizationId: string, changes: SubscriptionChanges): Promise<void> {
    return this.repo(db).update(organizationId, changes, this.clock.now());
  }

  /**
   * Applies a provider report under the row lock when shouldApply allows it. `at` is the event's
   * time (null for a state read from the provider just now). Answers whether it was applied.
   */
  async apply(
    db: Db,
    organizationId: string,
    report: ProviderReport,
    at: Date | null,
    extra: SubscriptionChanges = {},
  ): Promise<boolean> {
    const stored = await this.repo(db).lock(organizationId);
    if (!shouldApply(stored, report, at, this.clock.now())) {
      if (Object.keys(extra).length > 0) await this.update(db, organizationId, extra);
      return false;
    }
    const newer =
      at && (!stored.provider_updated_at || at > stored.provider_updated_at)
        ? at
        : stored.provider_updated_at;
    await this.update(db, organizationId, {
      provider: report.provider,
      status: report.status,
      plan_code: report.plan ?? stored.plan_code,
      trial_end: report.trial_end,
      current_period_end: report.current_period_end,
      cancel_at_period_end: report.cancel_at_period_end,
      ...(report.provider === 'STRIPE'
        ? { stripe_subscription_id: report.id }
        : { shopify_charge_id: report.id }),
      provider_updated_at: newer,
      ...extra,
    });
    return true;
  }
}
