import type { OrderLine } from '@stocksync/channels';
import type { UnitPrice } from './stock-repository';

/**
 * The unit price of one ledger entry made of an order's lines for the same listing: their total
 * over their units, in cents, so lines at different prices average exactly to the cent. No price
 * when any line came without one or in another currency (the summary then estimates it).
 */
export class LinePrices {
  private cents = 0;
  private units = 0;
  private currency: string | null = null;
  private complete = true;

  add(line: OrderLine): void {
    const cents = Math.round(Number(line.unitPrice?.amount) * 100);
    const currency = line.unitPrice?.currency ?? null;
    if (!Number.isFinite(cents) || currency === null) this.complete = false;
    else if (this.currency !== null && this.currency !== currency) this.complete = false;
    this.currency ??= currency;
    this.cents += cents * line.quantity;
    this.units += line.quantity;
  }

  unitPrice(): { unitPrice?: UnitPrice } {
    if (!this.complete || this.currency === null || this.units <= 0) return {};
    const amount = (Math.round(this.cents / this.units) / 100).toFixed(2);
    return { unitPrice: { amount, currency: this.currency } };
  }
}
