// Pure SKU generation engine: no database, no clock, randomness injected.
export { characterSetOf, delimiterText, isTakenAmong, skuKey, type RandomSource } from './charset';
export { type SkuItem } from './strategies';
export {
  generateSkus,
  previewSkus,
  SKU_PREVIEW_MAX,
  type GenerateSkusInput,
  type GenerateSkusResult,
  type SkuPreview,
} from './generate-skus';
