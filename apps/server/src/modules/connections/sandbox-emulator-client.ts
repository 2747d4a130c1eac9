import { sandboxMessages } from '@stocksync/contract';
import { AppError } from '../../lib/errors';
import type { Platform } from '../../db/types';

/** The channel's reference to a listed variant, and where it is (Shopify: the shop). */
export interface EmulatorListingRef {
  platform: Platform;
  externalVariantId: string;
  shopDomain: string | null;
}

/**
 * Requests for an emulator's control routes (packages/emulators, `/_emulator/sale|stock`): the
 * emulator changes its own state and then tells stocksync the way the real channel would
 * (webhook or notification; eBay stock edits only through the next poll).
 */
function controlRequest(ref: EmulatorListingRef, change: 'sale' | 'stock', amount: number) {
  const id = ref.externalVariantId;
  switch (ref.platform) {
    case 'shopify':
      return change === 'sale'
        ? { shop: ref.shopDomain, lines: [{ variantId: id, quantity: amount }] }
        : { shop: ref.shopDomain, variantId: id, available: amount };
    case 'ebay':
      // eBay listings are addressed by the seller's SKU (our external variant id).
      return { sku: id, quantity: amount };
    case 'tiktok':
      return { skuId: id, quantity: amount };
  }
}

/** What the emulator said when it refused (its control routes answer `{ error }`). */
function refusal(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return `${sandboxMessages.refused}: ${error}`;
  return sandboxMessages.refused;
}

/** Posts one change to the emulator at `baseUrl`; answers its JSON body. */
export async function postEmulatorChange(
  baseUrl: string,
  ref: EmulatorListingRef,
  change: 'sale' | 'stock',
  amount: number,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/_emulator/${change}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(controlRequest(ref, change, amount)),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError(502, 'The sandbox channel did not answer. Please try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  // The emulator refuses what the real channel would (no stock left, product not live): 409.
  if (!response.ok) throw new AppError(409, refusal(body));
  return (body ?? {}) as Record<string, unknown>;
}
