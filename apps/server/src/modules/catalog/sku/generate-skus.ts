import { parseSkuTemplate, skuSettingsSchema, type SkuSettings } from '@stocksync/contract';
import { characterSetOf, delimiterText, skuKey, type RandomSource } from './charset';
import { bodyMaker, type SkuItem, type StrategyContext } from './strategies';
import { templateUses } from './template';

export interface GenerateSkusInput {
  settings: SkuSettings;
  items: readonly SkuItem[];
  /**
   * Whether a SKU already exists in the organisation. Must compare case-insensitively (SKUs are
   * unique per organisation ignoring case); `isTakenAmong(existingSkus)` builds one.
   */
  isTaken: (sku: string) => boolean;
  random: RandomSource;
  /** {SEQ:n} of items[i] is sequenceStart + i. Default 1. */
  sequenceStart?: number;
}

export interface GenerateSkusResult {
  generated: { variantId: string; sku: string }[];
  failed: { variantId: string; reason: string }[];
}

/**
 * Fills each item with a SKU that is neither taken in the organisation nor generated earlier in
 * this batch (case-insensitively). A collision is retried up to settings.maxRetries times, so at
 * most maxRetries + 1 candidates are tried per item; then the item is reported in `failed` and the
 * others carry on. Throws only on invalid input (settings the schema rejects, a bad sequenceStart).
 */
export function generateSkus(input: GenerateSkusInput): GenerateSkusResult {
  const parsed = skuSettingsSchema.safeParse(input.settings);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid SKU settings: ${detail}`);
  }
  const settings = parsed.data;
  const sequenceStart = input.sequenceStart ?? 1;
  if (!Number.isSafeInteger(sequenceStart) || sequenceStart < 0) {
    throw new RangeError(`sequenceStart must be a non-negative integer, got ${sequenceStart}`);
  }

  let templateParts: StrategyContext['templateParts'] = [];
  if (settings.generationStrategy === 'TEMPLATE') {
    const template = parseSkuTemplate(settings.skuTemplate);
    if (!template.ok) throw new Error(`Invalid SKU settings: ${template.error}`); // schema checked it
    templateParts = template.parts;
  }
  const ctx: StrategyContext = {
    settings,
    templateParts,
    chars: characterSetOf(settings),
    delimiter: delimiterText(settings.delimiter),
    random: input.random,
  };
  // A template that places {PREFIX} or {SUFFIX} itself is not wrapped with it a second time.
  const wrapPrefix = !templateUses(templateParts, 'PREFIX') ? settings.prefix : '';
  const wrapSuffix = !templateUses(templateParts, 'SUFFIX') ? settings.suffix : '';
  const wrap = (body: string) =>
    [wrapPrefix, body, wrapSuffix].filter((part) => part !== '').join(ctx.delimiter);

  const result: GenerateSkusResult = { generated: [], failed: [] };
  const usedInBatch = new Set<string>();
  input.items.forEach((item, index) => {
    const makeBody = bodyMaker(ctx, item, sequenceStart + index);
    let lastTried = '';
    for (let attempt = 0; attempt <= settings.maxRetries; attempt++) {
      const body = makeBody(attempt);
      if (!body.ok) {
        // Not a collision: the same input would fail again, so do not retry.
        result.failed.push({ variantId: item.variantId, reason: body.reason });
        return;
      }
      const sku = wrap(body.body);
      lastTried = sku;
      if (usedInBatch.has(skuKey(sku)) || input.isTaken(sku)) continue;
      usedInBatch.add(skuKey(sku));
      result.generated.push({ variantId: item.variantId, sku });
      return;
    }
    result.failed.push({
      variantId: item.variantId,
      reason: `No unused SKU found after ${settings.maxRetries + 1} attempts (last tried '${lastTried}'); try a longer skuLength or more retries`,
    });
  });
  return result;
}

export interface SkuPreview {
  productTitle: string;
  optionValues: string[];
  sku: string | null;
  /** Why no SKU could be made for this sample (e.g. the template uses an option it lacks). */
  reason: string | null;
}

const SAMPLE_ITEMS: readonly Omit<SkuItem, 'variantId'>[] = [
  { productTitle: 'Classic Cotton T-Shirt', optionValues: ['Black', 'M'] },
  { productTitle: 'Classic Cotton T-Shirt', optionValues: ['White', 'L'] },
  { productTitle: 'Ceramic Coffee Mug', optionValues: ['Navy Blue', '350 ml'] },
  { productTitle: 'Leather Wallet', optionValues: ['Brown'] },
  { productTitle: 'Trail Running Shoes', optionValues: ['Grey', '42', 'Wide'] },
  { productTitle: 'Beeswax Candle', optionValues: [] },
];

export const SKU_PREVIEW_MAX = 20;

/** Example SKUs for the settings screen's live preview, from fixed sample products. */
export function previewSkus(
  settings: SkuSettings,
  count: number,
  random: RandomSource,
): SkuPreview[] {
  const n = Math.max(0, Math.min(SKU_PREVIEW_MAX, Math.floor(count) || 0));
  const items = Array.from({ length: n }, (_, i) => ({
    variantId: String(i),
    ...SAMPLE_ITEMS[i % SAMPLE_ITEMS.length]!,
  }));
  const { generated, failed } = generateSkus({ settings, items, isTaken: () => false, random });
  const skus = new Map(generated.map((g) => [g.variantId, g.sku]));
  const reasons = new Map(failed.map((f) => [f.variantId, f.reason]));
  return items.map((item) => ({
    productTitle: item.productTitle,
    optionValues: [...item.optionValues],
    sku: skus.get(item.variantId) ?? null,
    reason: reasons.get(item.variantId) ?? null,
  }));
}
