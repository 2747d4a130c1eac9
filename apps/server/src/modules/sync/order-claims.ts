import type { Db } from '../../db/client';
import { EditDecreasesRepository } from './edit-decreases-repository';
import type { MasterChange, MasterQuantities } from './master';
import type { Wakeups } from './wakeups';

/** An order's sale of a listing, as OrderIntake applies it (`sold` required). */
export type OrderSale = MasterChange & { sold: NonNullable<MasterChange['sold']> };

class AlreadyApplied extends Error {}

/**
 * Applies an order's sale of a listing whose decreases read on the channel may already count it
 * (ADR 0054): in one transaction, the decreases read after the sale are claimed up to its quantity,
 * each claimed unit is handed back by an entry reversing the decrease's cause (named after the
 * order), and the order's own entry follows, so the master moves once for the sale and the ledger
 * stays append-only. The channel's known quantity already counts the claimed units, so only the
 * rest of the sale is taken off it. Nothing is written when the order is already in the ledger.
 * True when the order's entry was written.
 */
export async function applyClaimingDecreases(
  db: Db,
  master: MasterQuantities,
  sale: OrderSale,
  createdAt: Date,
  keepAfter: Date,
  wakeups: Wakeups,
): Promise<boolean> {
  const { sold, unitPrice, ...order } = sale;
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await new EditDecreasesRepository(trx).claim(
        sale.variantId,
        sold.listingId,
        createdAt,
        sold.quantity,
        keepAfter,
      );
      let handedBack = 0;
      for (const { cause, quantity } of claimed) {
        await master.apply(
          trx,
          {
            ...order,
            change: { delta: quantity },
            cause,
            key: `claimed:${cause}:${sale.key}`,
            source: `${sale.source}, counted as a change there before its order came`,
          },
          wakeups,
        );
        handedBack += quantity;
      }
      const rest = sold.quantity - handedBack;
      const result = await master.apply(
        trx,
        {
          ...order,
          ...(unitPrice ? { unitPrice } : {}),
          ...(rest > 0 ? { sold: { ...sold, quantity: rest } } : {}),
        },
        wakeups,
      );
      // Applied meanwhile by another delivery of the order: its claim stands, not this one.
      if (!result.applied) throw new AlreadyApplied();
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadyApplied) return false;
    throw error;
  }
}
