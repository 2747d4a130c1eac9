import { z } from 'zod';
import { skuSettingsSchema } from './sku-settings';
import { textMessages, textSchema } from './text';

/*
 * Catalogue API (spec §2 inventory and product screens, §3 product and variant, §5 cost rules,
 * §7 calls). Money travels as exact decimal strings ("12.50"), never as floats.
 */

export const platforms = ['shopify', 'ebay', 'tiktok'] as const;
export const platformSchema = z.enum(platforms);
export type Platform = z.infer<typeof platformSchema>;

export const PRODUCT_PAGE_SIZE_DEFAULT = 50;
export const PRODUCT_PAGE_SIZE_MAX = 100;
export const PRODUCT_SEARCH_MAX_LENGTH = 200;
export const PRODUCT_IDS_MAX = 1000;
/** NUMERIC(12,2): the largest amount the database stores. */
export const MONEY_MAX = 9_999_999_999.99;

/**
 * The inventory list's sort columns (issue 22 item 4): without `sort` the list is newest first.
 * Ties are broken by the product id, in the same direction, so every order is total and pages
 * neither repeat nor skip a product.
 */
export const productSortKeys = [
  'title',
  'sku',
  'available_qty',
  'is_synced',
  'updated_at',
] as const;

export const catalogMessages = {
  variantIdRequired: 'variant_id is required',
  variantIdInvalid: 'variant_id must be a valid id',
  priceInvalid: 'Price must be a valid amount (max 2 decimal places)',
  priceNegative: 'Price must be greater than or equal to 0',
  priceTooLarge: 'Price must be at most 9999999999.99',
  idsRequired: 'ids must be a list of product ids',
  idsTooMany: `ids can list at most ${PRODUCT_IDS_MAX} products`,
  idInvalid: 'Each id must be a valid product id',
  productsNotFound: 'Some of these products do not exist in this organisation',
  productNotFound: 'Product not found',
  variantNotFound: 'Variant not found',
  searchTooLong: `search must be at most ${PRODUCT_SEARCH_MAX_LENGTH} characters`,
  searchControlCharacters: textMessages.forbiddenCharacters('search'),
  syncedInvalid: "synced must be 'true' or 'false'",
  missingSkuInvalid: "missingSku must be 'true' or 'false'",
  missingCostInvalid: "missingCost must be 'true' or 'false'",
  isSyncedInvalid: 'is_synced must be true or false',
  allSelectedInvalid: 'all_selected must be true or false',
  isSyncedRequiredForAll: 'is_synced (true or false) is required with all_selected',
  sortInvalid: `sort must be one of ${productSortKeys.join(', ')}`,
  orderInvalid: "order must be 'asc' or 'desc'",
  stockInvalid: "stock must be 'oversold' or 'low'",
} as const;

/**
 * Stock filters of the product list (issue 22 item 3): `oversold`, some variant's master is below
 * 0; `low`, some variant is at or below the organisation's low-stock threshold (oversold ones too).
 */
export const stockFilters = ['oversold', 'low'] as const;
export type StockFilter = (typeof stockFilters)[number];

/** Per platform with at least one connection listing the product (or variant). */
export const platformCountsSchema = z.object({
  name: platformSchema,
  connections: z.number().int().nonnegative(),
});
export const platformMapSchema = z.partialRecord(platformSchema, platformCountsSchema);
export type PlatformMap = z.infer<typeof platformMapSchema>;

/** Exact decimal amount with two places, e.g. "12.50". */
export const moneyStringSchema = z.string().regex(/^\d+\.\d{2}$/);

/** One row of the inventory list. */
export const productRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The single variant's SKU; '' when it has none or when the product has several variants. */
  sku: z.string(),
  is_synced: z.boolean(),
  /** Sum over the variants. */
  available_qty: z.number().int(),
  /** Number of variants. */
  variants: z.number().int().nonnegative(),
  /** Some variant has no SKU. */
  missing_sku: z.boolean(),
  /** The lowest variant quantity: below 0 the product is Oversold (issue 22 item 3). */
  lowest_qty: z.number().int(),
  platforms: platformMapSchema,
  /** When its stock, sync flag, title or SKUs last changed (ISO 8601). */
  updated_at: z.string(),
});
export type ProductRow = z.infer<typeof productRowSchema>;

/**
 * A lenient whole-number query parameter: anything that is not a whole number within range falls
 * back to the default (spec §5: "page number at least 1, else 1; pageSize 1 to 100, else 50").
 */
function lenientInt(fallback: number, min: number, max: number) {
  // The meta is what the OpenAPI document shows: the lenient transform alone has no JSON Schema.
  return z
    .unknown()
    .optional()
    .transform((raw): number => {
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (typeof value !== 'string' && typeof value !== 'number') return fallback;
      if (typeof value === 'string' && !/^\s*\d+\s*$/.test(value)) return fallback;
      const n = Number(value);
      return Number.isSafeInteger(n) && n >= min && n <= max ? n : fallback;
    })
    .describe(`Whole number from ${min} to ${max}; anything else means ${fallback}`)
    .meta({ type: 'integer', minimum: min, maximum: max, default: fallback });
}

export const pageQuerySchema = z.object({
  page: lenientInt(1, 1, Number.MAX_SAFE_INTEGER),
  pageSize: lenientInt(PRODUCT_PAGE_SIZE_DEFAULT, 1, PRODUCT_PAGE_SIZE_MAX),
});

export const productSortKeySchema = z.enum(productSortKeys, { error: catalogMessages.sortInvalid });
export type ProductSortKey = z.infer<typeof productSortKeySchema>;
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

const productSortQuery = {
  sort: productSortKeySchema
    .optional()
    .describe('Column to sort by; without it the newest products come first'),
  order: z
    .enum(sortOrders, { error: catalogMessages.orderInvalid })
    .optional()
    .describe("Direction of `sort` (default 'asc'); ignored without `sort`"),
};

export const listProductsQuerySchema = pageQuerySchema.extend({
  // The text rule also keeps out U+001F, which separates the SKUs the search looks in (migration 0016).
  search: textSchema('search', { min: 0, max: PRODUCT_SEARCH_MAX_LENGTH })
    .optional()
    .describe('Case-insensitive part of the title or of any variant SKU'),
  synced: z.enum(['true', 'false'], { error: catalogMessages.syncedInvalid }).optional(),
  missingSku: z.enum(['true', 'false'], { error: catalogMessages.missingSkuInvalid }).optional(),
  missingCost: z
    .enum(['true', 'false'], { error: catalogMessages.missingCostInvalid })
    .optional()
    .describe("'true': products with a variant whose cost is 0 (no cost price set)"),
  stock: z
    .enum(stockFilters, { error: catalogMessages.stockInvalid })
    .optional()
    .describe(
      "'oversold': products with a variant below 0; 'low': with a variant at or below the " +
        "organisation's low-stock threshold (oversold ones included)",
    ),
  ...productSortQuery,
});
export type ListProductsQuery = z.input<typeof listProductsQuerySchema>;
export type ListProductsFilters = z.output<typeof listProductsQuerySchema>;

export const listProductsResponseSchema = z.object({
  products: z.array(productRowSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ListProductsResponse = z.infer<typeof listProductsResponseSchema>;

export const productParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a valid product id' }),
});

export const variantSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sku: z.string(),
  available_qty: z.number().int(),
  cost_price: moneyStringSchema,
  current_price: moneyStringSchema,
  /**
   * ISO 4217 currency of current_price: the currency of the channel the variant was imported from
   * (a channel's price keeps its currency); null for the organisation's own currency.
   */
  price_currency: z.string().nullable(),
  platforms: platformMapSchema,
});
export type Variant = z.infer<typeof variantSchema>;

export const productDetailSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  sku: z.string(),
  is_synced: z.boolean(),
  available_qty: z.number().int(),
  platforms: platformMapSchema,
  variants: z.array(variantSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productIdsSchema = z
  .array(z.uuid({ error: catalogMessages.idInvalid }), { error: catalogMessages.idsRequired })
  .min(1, catalogMessages.idsRequired)
  .max(PRODUCT_IDS_MAX, catalogMessages.idsTooMany);

/**
 * The inventory list's filters (its query parameters without paging and sort): with
 * `all_selected`, a bulk action covers every product they match ("All N selected"), as the list
 * shows them; without them, every product of the organisation.
 */
export const productListFiltersSchema = listProductsQuerySchema
  .omit({ page: true, pageSize: true, sort: true, order: true })
  .describe('The inventory list filters the selection was made with');
export type ProductListFilters = z.infer<typeof productListFiltersSchema>;

export const syncProductsBodySchema = z
  .object({
    /** The products (not needed with all_selected). */
    ids: productIdsSchema.optional(),
    /** Set every product to this; without it each product's flag is flipped. */
    is_synced: z.boolean({ error: catalogMessages.isSyncedInvalid }).optional(),
    /** true: every product `filters` match (all pages), not only `ids`; needs `is_synced`. */
    all_selected: z.boolean({ error: catalogMessages.allSelectedInvalid }).optional(),
    filters: productListFiltersSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.all_selected && body.is_synced === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['is_synced'],
        message: catalogMessages.isSyncedRequiredForAll,
      });
    }
    if (!body.all_selected && body.ids === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: catalogMessages.idsRequired });
    }
  });
export type SyncProductsBody = z.infer<typeof syncProductsBodySchema>;

export const productsResponseSchema = z.object({ products: z.array(productRowSchema) });

/** POST /v1/products/sync: the products named (none with all_selected) and how many changed. */
export const syncProductsResponseSchema = productsResponseSchema.extend({
  /** Products whose flag this call changed. */
  changed: z.number().int().nonnegative(),
});
export type SyncProductsResponse = z.infer<typeof syncProductsResponseSchema>;
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

/**
 * Whether a JSON number has at most two decimals, judged by its shortest decimal form (so
 * 0.1 + 0.2 = 0.30000000000000004 is refused, 12.5 and 12.50 are accepted).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

/** The cost a user types: a non-negative amount with at most two decimals (spec §5). */
export const costSchema = z
  .number({ error: catalogMessages.priceInvalid })
  .min(0, catalogMessages.priceNegative)
  .max(MONEY_MAX, catalogMessages.priceTooLarge)
  .refine(hasAtMostTwoDecimals, catalogMessages.priceInvalid);

export const updateCostBodySchema = z.object({
  variant_id: z
    .string({ error: catalogMessages.variantIdRequired })
    .min(1, catalogMessages.variantIdRequired)
    .pipe(z.uuid({ error: catalogMessages.variantIdInvalid })),
  cost: costSchema,
});
export type UpdateCostBody = z.infer<typeof updateCostBodySchema>;

export const updateCostResponseSchema = z.object({ variant: variantSchema });
export type UpdateCostResponse = z.infer<typeof updateCostResponseSchema>;

export const generateSkusBodySchema = z
  .object({
    ids: z
      .array(z.uuid({ error: catalogMessages.idInvalid }), { error: catalogMessages.idsRequired })
      .max(PRODUCT_IDS_MAX, catalogMessages.idsTooMany),
    /** true: every product `filters` match (every product without them), not only `ids`. */
    all_selected: z.boolean({ error: catalogMessages.allSelectedInvalid }),
    filters: productListFiltersSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.all_selected && body.ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: catalogMessages.idsRequired });
    }
  });
export type GenerateSkusBody = z.infer<typeof generateSkusBodySchema>;

export const generateSkusResponseSchema = z.object({
  products: z.array(productRowSchema),
  generated: z.number().int().nonnegative(),
  failed: z.array(z.object({ variant_id: z.uuid(), reason: z.string() })),
  /** Variants that got a SKU (the first 1,000), for the write-back preview (ADR 0055). */
  variant_ids: z.array(z.uuid()).max(1_000).optional(),
});
export type GenerateSkusResponse = z.infer<typeof generateSkusResponseSchema>;

export const skuPreviewBodySchema = z.object({
  settings: skuSettingsSchema,
  count: z.number().int().min(1).max(20).optional(),
});
export type SkuPreviewBody = z.infer<typeof skuPreviewBodySchema>;

export const skuPreviewResponseSchema = z.object({
  previews: z.array(
    z.object({
      productTitle: z.string(),
      optionValues: z.array(z.string()),
      sku: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type SkuPreviewResponse = z.infer<typeof skuPreviewResponseSchema>;

/** GET /v1/products/export.csv: the list's filters and sort (what the list shows, all pages). */
export const exportProductsQuerySchema = listProductsQuerySchema.omit({
  page: true,
  pageSize: true,
});
export type ExportProductsQuery = z.input<typeof exportProductsQuerySchema>;
export type ExportProductsFilters = z.output<typeof exportProductsQuerySchema>;

/**
 * Columns of GET /v1/products/export.csv, one line per variant; after them one column per
 * connected account, `channel_qty:<platform>:<alias>` (what its listing of the variant holds).
 */
export const productExportColumns = [
  'product_id',
  'product_title',
  'variant_id',
  'variant_title',
  'sku',
  'available_qty',
  'cost_price',
  'current_price',
  /** The currency of current_price (a channel's price keeps its currency). */
  'currency',
  'is_synced',
  /** The organisation's currency, in which cost_price is. */
  'cost_currency',
] as const;
