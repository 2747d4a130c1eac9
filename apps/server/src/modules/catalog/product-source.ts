import { productSourceMessages, type ProductSource } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import { ProductSourceRepository, type SourceCandidate } from './product-source-repository';

const nameOf = (c: SourceCandidate) => `${PLATFORM_NAMES[c.platform]} ${c.alias}`;

/**
 * The source of a product's title, variant names and prices (issue 25 item 4, ADR 0053): the
 * connection it first came from until the seller picks another that lists it. Re-imports read the
 * source when they plan (reimport-rules.ts), so the next one from the new source updates those
 * fields and the old source's no longer do.
 */
export class ProductSources {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityService,
  ) {}

  async get(organizationId: string, productId: string): Promise<ProductSource> {
    const repo = new ProductSourceRepository(this.db);
    const product = await repo.product(organizationId, productId, false);
    if (!product) throw notFound();
    const candidates = await repo.candidates(organizationId, productId);
    return { product_id: productId, source_pc_id: product.source_connection_id, candidates };
  }

  /** Makes `connectionId` the source; 400 naming pc_id unless it lists the product. */
  async set(
    organizationId: string,
    userId: string,
    productId: string,
    connectionId: string,
  ): Promise<ProductSource> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new ProductSourceRepository(trx);
      const product = await repo.product(organizationId, productId, true);
      if (!product) throw notFound();
      const candidates = await repo.candidates(organizationId, productId);
      const picked = candidates.find((c) => c.pc_id === connectionId);
      if (!picked) throw badRequest(productSourceMessages.notListed, 'pc_id');
      const before = product.source_connection_id;
      if (before !== connectionId) {
        await repo.setSource(productId, connectionId, this.clock.now());
        const old = candidates.find((c) => c.pc_id === before);
        await this.activity.record(
          {
            organizationId,
            userId,
            activity: productSourceMessages.changed,
            note:
              `'${product.title}': title, variant names and prices now follow ${nameOf(picked)}` +
              (before
                ? ` (before: ${old ? nameOf(old) : 'a connection no longer listing it'})`
                : ''),
            status: 'success',
          },
          trx,
        );
      }
      return { product_id: productId, source_pc_id: connectionId, candidates };
    });
  }
}
