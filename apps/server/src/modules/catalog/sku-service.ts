import type {
  GenerateSkusResponse,
  SkuPreviewResponse,
  SkuSettings,
  SkuSettingsResponse,
} from '@stocksync/contract';
import { catalogMessages, SKU_WRITEBACK_VARIANTS_MAX } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, notFoundIn } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { ProductFilters } from './product-filters-repository';
import { ProductRowsRepository } from './product-rows-repository';
import { ProductSelectionRepository } from './product-selection-repository';
import { SkuSettingsRepository, type StoredSkuSettings } from './sku-settings-repository';
import { generateSkus, isTakenAmong, previewSkus, type RandomSource } from './sku';
import { VariantsRepository } from './variants-repository';
import { editVariantSku } from './sku-edit';

/** Variants written per UPDATE statement. */
export const SKU_WRITE_CHUNK = 10_000;
const UNIQUE_VIOLATION = '23505';
const ATTEMPTS = 3;

/**
 * The products whose variants get SKUs: `ids`, or with allSelected all the filters match; or only
 * the given variants (an import's, ImportJob).
 */
type SkuTargets =
  | { ids: readonly string[]; allSelected: boolean; filters?: ProductFilters }
  | { variantIds: readonly string[] };

function publicSettings(stored: StoredSkuSettings): SkuSettingsResponse {
  const { nextSeq: _nextSeq, ...settings } = stored;
  return settings;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === UNIQUE_VIOLATION;
}

/** SKU settings of an organisation and SKU generation for its variants without one. */
export class SkuService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityService,
    private readonly random: RandomSource = Math.random,
  ) {}

  async getSettings(organizationId: string): Promise<SkuSettingsResponse> {
    return publicSettings(await new SkuSettingsRepository(this.db).get(organizationId));
  }

  async saveSettings(organizationId: string, settings: SkuSettings): Promise<SkuSettingsResponse> {
    const saved = await new SkuSettingsRepository(this.db).save(
      organizationId,
      settings,
      this.clock.now(),
    );
    return publicSettings(saved);
  }

  /** A SKU typed on the product page (sku-edit.ts). */
  editSku(organizationId: string, userId: string, variantId: string, sku: string) {
    const deps = { db: this.db, clock: this.clock, activity: this.activity };
    return editVariantSku(deps, { organizationId, userId, variantId, sku });
  }

  preview(settings: SkuSettings, count = 6): SkuPreviewResponse {
    return { previews: previewSkus(settings, count, this.random) };
  }

  /**
   * Fills every variant without a SKU of the given products (or of all the organisation's
   * products). A handful of queries whatever the size: SKUs in use are read once, the engine runs
   * in memory, and the results are written with one multi-row UPDATE per chunk. The unique index
   * is the final guard: if a concurrent writer took one of the SKUs, the whole generation is rerun
   * (it then sees that SKU as taken).
   */
  async generate(
    organizationId: string,
    userId: string,
    input: SkuTargets,
  ): Promise<GenerateSkusResponse> {
    return (await this.generateAll(organizationId, userId, input)).response;
  }

  /** As generate, also answering every variant that got a SKU (an import's write-back). */
  async generateAll(
    organizationId: string,
    userId: string,
    input: SkuTargets,
  ): Promise<{ response: GenerateSkusResponse; variantIds: string[] }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db
          .transaction()
          .execute((trx) => this.generateOnce(trx, organizationId, userId, input));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (attempt >= ATTEMPTS) {
          throw conflict('SKUs were changed by someone else meanwhile; please try again', 'ids');
        }
      }
    }
  }

  private async generateOnce(
    trx: Db,
    organizationId: string,
    userId: string,
    input: SkuTargets,
  ): Promise<{ response: GenerateSkusResponse; variantIds: string[] }> {
    const now = this.clock.now();
    const settingsRepo = new SkuSettingsRepository(trx);
    const products = new ProductRowsRepository(trx);
    const variants = new VariantsRepository(trx);

    const settings = await settingsRepo.lock(organizationId);
    const targets = await variants.listWithoutSku(
      organizationId,
      await this.scopeOf(trx, organizationId, input),
    );
    let generated: { variantId: string; sku: string }[] = [];
    const failed: { variant_id: string; reason: string }[] = [];
    if (targets.length > 0) {
      const inUse = await variants.skusInUse(organizationId);
      const result = generateSkus({
        settings,
        items: targets,
        isTaken: isTakenAmong(inUse),
        random: this.random,
        sequenceStart: settings.nextSeq,
      });
      generated = result.generated;
      for (const f of result.failed) failed.push({ variant_id: f.variantId, reason: f.reason });

      const written = new Set<string>();
      for (let i = 0; i < generated.length; i += SKU_WRITE_CHUNK) {
        const chunk = generated.slice(i, i + SKU_WRITE_CHUNK);
        for (const id of await variants.assignSkus(organizationId, chunk, now)) written.add(id);
      }
      // A variant that got a SKU elsewhere since it was read keeps that SKU.
      for (const g of generated) {
        if (!written.has(g.variantId)) {
          failed.push({ variant_id: g.variantId, reason: 'The variant already has a SKU' });
        }
      }
      generated = generated.filter((g) => written.has(g.variantId));
      await settingsRepo.advanceSequence(organizationId, targets.length);
    }

    const affectedProducts =
      'ids' in input && !input.allSelected
        ? [...new Set(input.ids)]
        : [...new Set(targets.map((t) => t.productId))];
    const productCount = new Set(targets.map((t) => t.productId)).size;
    await this.activity.record(
      {
        organizationId,
        userId,
        activity: 'SKUs generated',
        note:
          targets.length === 0
            ? 'Every variant of the chosen products already has a SKU'
            : `Generated ${generated.length} of ${targets.length} missing SKUs across ${productCount} products` +
              (failed.length > 0 ? `; ${failed.length} failed` : ''),
        status:
          targets.length === 0
            ? 'info'
            : failed.length > 0 && generated.length === 0
              ? 'error'
              : 'success',
      },
      trx,
    );
    const response = {
      products: await products.rowsByIds(organizationId, affectedProducts),
      generated: generated.length,
      failed,
      variant_ids: generated.slice(0, SKU_WRITEBACK_VARIANTS_MAX).map((g) => g.variantId),
    };
    return { response, variantIds: generated.map((g) => g.variantId) };
  }

  /** Where to look for variants without a SKU; chosen products must all be the organisation's. */
  private async scopeOf(trx: Db, organizationId: string, input: SkuTargets) {
    if ('variantIds' in input) return { variantIds: [...new Set(input.variantIds)] };
    if (!input.allSelected) {
      const ids = [...new Set(input.ids)];
      const found = await new ProductRowsRepository(trx).existingIds(organizationId, ids);
      if (found.size !== ids.length) throw notFoundIn(catalogMessages.productsNotFound, 'ids');
      return { productIds: ids };
    }
    // All selected: every product the list's filters match (the whole catalogue without them).
    if (Object.keys(input.filters ?? {}).length === 0) return null;
    const productIds = await new ProductSelectionRepository(trx).matchingIds(
      organizationId,
      input.filters!,
    );
    return { productIds };
  }
}
