import { billingMessages, type Plan, type PlanCode } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/tables/organizations';
import { badRequest } from '../../lib/errors';
import { PlansRepository } from './plans-repository';
import type { PlanRow } from './tables';

/** The plans, read once: the seeded plans never change while the process runs. */
export class Plans {
  private cache: Promise<PlanRow[]> | null = null;

  constructor(private readonly db: Db) {}

  private all(): Promise<PlanRow[]> {
    this.cache ??= new PlansRepository(this.db).plans().catch((error: unknown) => {
      this.cache = null;
      throw error;
    });
    return this.cache;
  }

  async find(code: PlanCode | null): Promise<PlanRow | undefined> {
    if (!code) return undefined;
    return (await this.all()).find((p) => p.code === code);
  }

  /** The plan a client asked for, else 400 naming `plan`. */
  async requested(code: PlanCode): Promise<PlanRow> {
    const plan = await this.find(code);
    if (!plan) throw badRequest(billingMessages.planInvalid, 'plan');
    return plan;
  }

  /** The plan of a Stripe price or product, else the plan named in our metadata. */
  async forStripe(
    db: Db,
    price: { id: string | null; product: string | null },
    metadataPlan: PlanCode | null,
  ): Promise<PlanCode | null> {
    const byPrice = await new PlansRepository(db).planForStripe(price.id, price.product);
    return byPrice ?? (await this.find(metadataPlan))?.code ?? null;
  }

  async inCurrency(currency: Currency): Promise<Plan[]> {
    return (await this.all()).map((p) => ({
      code: p.code,
      name: p.name,
      price: p.prices[currency].amount,
      currency,
      prices: { USD: p.prices.USD.amount, GBP: p.prices.GBP.amount, EUR: p.prices.EUR.amount },
      limits: {
        connected_accounts: p.max_connected_accounts,
        synced_products: p.max_synced_products,
        members: p.max_members,
      },
    }));
  }
}
