import type { ChannelAdapter } from '../port/adapter';
import type { AuthoriseRequest, ChannelVariant, WebhookRequest } from '../port/types';

export interface SeededProduct {
  externalId: string;
  variants: Array<{ externalId: string; sku: string; quantity: number }>;
}

/** One adapter wired to its emulator, with the emulator's controls the battery needs. */
export interface ContractHarness {
  adapter: ChannelAdapter;
  authoriseRequest: AuthoriseRequest;
  /** Plays the seller approving at `authoriseUrl`; answers the query our callback receives. */
  consent(authoriseUrl: string): Promise<Record<string, string>>;
  /** The catalogue as the emulator holds it (what the channel lists). */
  seeded(): SeededProduct[];
  /** Available quantity of a variant according to the emulator (default location). */
  quantity(variant: ChannelVariant): number;
  /**
   * A buyer buys `quantity` of `variant`. Webhook channels answer the delivered sale webhook;
   * polling channels answer undefined (the battery polls listOrders).
   */
  sell(variant: ChannelVariant, quantity: number): Promise<WebhookRequest | undefined>;
  /** A genuine, signed delivery of any topic the adapter handles. */
  signedWebhook(): Promise<WebhookRequest>;
  /** The emulator's clock (epoch ms). */
  now(): number;
  faults(kind: 'rate_limit' | 'server_error' | 'none'): void;
  close(): Promise<void>;
}

export type HarnessFactory = () => Promise<ContractHarness>;
