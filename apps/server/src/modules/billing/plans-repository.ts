import type { Kysely } from 'kysely';
import type { PlanCode } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Database } from '../../db/types';
import type { BillingTables, PlanRow } from './tables';

/** The seeded plans and their prices per currency. */
export class PlansRepository {
  private readonly db: Kysely<Database & BillingTables>;

  constructor(db: Db) {
    this.db = db.withTables<BillingTables>();
  }

  async plans(): Promise<PlanRow[]> {
    const rows = await this.db
      .selectFrom('plans as p')
      .innerJoin('plan_prices as pp', 'pp.plan_code', 'p.code')
      .select([
        'p.code',
        'p.name',
        'p.position',
        'p.max_connected_accounts',
        'p.max_synced_products',
        'p.max_members',
        'pp.currency',
        'pp.amount',
        'pp.stripe_price_id',
      ])
      .orderBy('p.position')
      .execute();
    const byCode = new Map<PlanCode, PlanRow>();
    for (const row of rows) {
      let plan = byCode.get(row.code);
      if (!plan) {
        plan = {
          code: row.code,
          name: row.name,
          max_connected_accounts: row.max_connected_accounts,
          max_synced_products: row.max_synced_products,
          max_members: row.max_members,
          prices: {} as PlanRow['prices'],
        };
        byCode.set(row.code, plan);
      }
      plan.prices[row.currency] = { amount: row.amount, stripe_price_id: row.stripe_price_id };
    }
    return [...byCode.values()];
  }

  /** The plan a Stripe price or product belongs to. */
  async planForStripe(priceId: string | null, productId: string | null): Promise<PlanCode | null> {
    const row = await this.db
      .selectFrom('plans as p')
      .leftJoin('plan_prices as pp', 'pp.plan_code', 'p.code')
      .select('p.code')
      .where((eb) =>
        eb.or([
          eb('pp.stripe_price_id', '=', priceId ?? ''),
          eb('p.stripe_product_id', '=', productId ?? ''),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row?.code ?? null;
  }
}
