import { createHash, createPublicKey, verify } from 'node:crypto';
import { ValidationError } from '../port/errors';
import type { ChannelWebhookEvent, WebhookReply, WebhookRequest } from '../port/types';
import { headerOf, rawBodyBuffer, rawBodyText } from '../port/util';
import type { AppTokenCache } from './app-token';
import type { EbayRest } from './client';
import type { EbayConfig } from './config';
import { PublicKeyCache } from './public-keys';

/** hex(SHA-256(challengeCode + verificationToken + endpoint)) (docs/channels §2.7). */
export function challengeResponse(
  code: string,
  verificationToken: string,
  endpoint: string,
): string {
  return createHash('sha256').update(code).update(verificationToken).update(endpoint).digest('hex');
}

export function deletionChallenge(
  config: EbayConfig,
  request: WebhookRequest,
): WebhookReply | null {
  if (!request.url) return null;
  const code = new URL(request.url, 'http://local').searchParams.get('challenge_code');
  if (!code) return null;
  if (!config.deletionEndpoint || !config.deletionVerificationToken)
    throw new ValidationError('eBay deletion endpoint or verification token is not configured');
  return {
    status: 200,
    body: {
      challengeResponse: challengeResponse(
        code,
        config.deletionVerificationToken,
        config.deletionEndpoint,
      ),
    },
  };
}

interface SignatureHeader {
  alg?: string;
  kid?: string;
  signature?: string;
  digest?: string;
}

/** eBay serves keys as PEM, sometimes without line breaks; Node wants them wrapped. */
export function normalisePem(key: string): string {
  const match = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(key);
  const base64 = (match ? match[1]! : key).replace(/\s+/g, '');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/**
 * Verifies X-EBAY-SIGNATURE (base64 JSON `{alg, kid, signature, digest}`, ECDSA over the raw body)
 * with the public key from getPublicKey, fetched with an application token. Keys, unknown key ids
 * and the fetch budget are kept by PublicKeyCache: anyone can post a made-up key id.
 */
export class EbayNotificationVerifier {
  private readonly keys: PublicKeyCache;

  constructor(config: EbayConfig, rest: EbayRest, appToken: AppTokenCache, now: () => number) {
    this.keys = new PublicKeyCache(
      {
        keyTtlMs: config.publicKeyTtlMs,
        unknownKeyTtlMs: config.unknownPublicKeyTtlMs,
        fetchBurst: config.publicKeyFetchBurst,
        fetchesPerMinute: config.publicKeyFetchesPerMinute,
        maxUnknown: config.maxUnknownPublicKeys,
      },
      async (kid) => {
        const answer = await rest.call<{ key: string }>(
          await appToken.get(),
          'GET',
          `/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`,
        );
        return createPublicKey(normalisePem(answer.key));
      },
      now,
    );
  }

  async verify(request: WebhookRequest): Promise<boolean> {
    const header = headerOf(request.headers, 'x-ebay-signature');
    if (!header) return false;
    let parsed: SignatureHeader | null;
    try {
      parsed = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as SignatureHeader | null;
    } catch {
      return false;
    }
    if (typeof parsed?.kid !== 'string' || typeof parsed.signature !== 'string') return false;
    const digest = (typeof parsed.digest === 'string' ? parsed.digest : 'SHA1')
      .toLowerCase()
      .replace('-', '');
    const key = await this.keys.get(parsed.kid);
    if (!key) return false;
    try {
      return verify(
        digest,
        rawBodyBuffer(request.rawBody),
        key,
        Buffer.from(parsed.signature, 'base64'),
      );
    } catch {
      // An unknown digest name or a malformed signature: not a valid signature.
      return false;
    }
  }
}

/** The topic that announces a sale (one notification per order line item). */
export const ORDER_CONFIRMATION = 'ORDER_CONFIRMATION';

interface NotificationBody {
  metadata?: { topic?: string };
  notification?: {
    notificationId?: string;
    eventDate?: string;
    /**
     * Account deletion: `{username, userId, eiasToken}`. ORDER_CONFIRMATION: `orderId` (what
     * getOrders takes) and the seller, named like the deletion's (field names unconfirmed).
     */
    data?: { userId?: string; username?: string; orderId?: string };
  };
}

const KINDS: Record<string, ChannelWebhookEvent['kind']> = {
  MARKETPLACE_ACCOUNT_DELETION: 'deletion',
  AUTHORIZATION_REVOCATION: 'uninstalled',
  [ORDER_CONFIRMATION]: 'order',
};

export function parseNotification(request: WebhookRequest): ChannelWebhookEvent {
  let body: NotificationBody;
  try {
    body = JSON.parse(rawBodyText(request.rawBody)) as NotificationBody;
  } catch {
    throw new ValidationError('eBay notification body is not JSON');
  }
  const topic = body.metadata?.topic;
  const eventId = body.notification?.notificationId;
  if (!topic || !eventId) throw new ValidationError('eBay notification without topic or id');
  const data = body.notification?.data;
  const kind = KINDS[topic] ?? 'other';
  // An order notification names only the order: the receiver fetches it with getOrders.
  if (kind === 'order' && !data?.orderId)
    throw new ValidationError('eBay ORDER_CONFIRMATION without orderId');
  return {
    eventId,
    topic,
    kind,
    // Connections are keyed by the eBay userId (Identity getUser), else by username.
    account: data?.userId ?? data?.username,
    occurredAt: body.notification?.eventDate,
    ...(kind === 'order' && { resourceId: data!.orderId }),
    items: [],
    payload: body,
  };
}
