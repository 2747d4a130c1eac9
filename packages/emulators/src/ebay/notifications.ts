import {
  createHash,
  createSign,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';
import { authenticate } from './oauth';
import type { EbaySettings } from './settings';
import type { TokenStore } from './tokens';
import type { UserResponse } from './types';

/**
 * Marketplace account deletion endpoint check (docs/channels §2.7, §5):
 * hex(SHA-256(challengeCode + verificationToken + endpoint)).
 */
export function challengeResponse(
  challengeCode: string,
  verificationToken: string,
  endpoint: string,
): string {
  return createHash('sha256')
    .update(challengeCode)
    .update(verificationToken)
    .update(endpoint)
    .digest('hex');
}

export interface ChallengeResult {
  ok: boolean;
  status: number | 'error';
  expected: string;
  received?: string;
  challengeCode: string;
}

/**
 * eBay's endpoint check (account deletion endpoint, Notification API destinations): GET
 * `{endpoint}?challenge_code=…`, expecting 200, JSON, `{"challengeResponse": <hex>}`.
 */
export async function challengeEndpoint(
  endpoint: string,
  verificationToken: string,
): Promise<ChallengeResult> {
  const challengeCode = randomBytes(16).toString('hex');
  const expected = challengeResponse(challengeCode, verificationToken, endpoint);
  try {
    const url = new URL(endpoint);
    url.searchParams.set('challenge_code', challengeCode);
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let received: string | undefined;
    try {
      received = (JSON.parse(text) as { challengeResponse?: string }).challengeResponse;
    } catch {
      received = undefined;
    }
    const json = (res.headers.get('content-type') ?? '').includes('application/json');
    return {
      ok: res.status === 200 && json && received === expected,
      status: res.status,
      expected,
      received,
      challengeCode,
    };
  } catch {
    return { ok: false, status: 'error', expected, challengeCode };
  }
}

/**
 * Signs notification bodies the way eBay's event-notification SDKs verify them: X-EBAY-SIGNATURE is
 * base64 of a JSON `{alg, kid, signature, digest}`, `signature` the base64 ECDSA (DER) signature of the
 * raw body with a SHA1 digest; the public key is served by getPublicKey under `kid`.
 * The curve (P-256 here) and the key's text format are (unconfirmed).
 */
export class NotificationSigner {
  private readonly privateKey: KeyObject;
  readonly publicKeyPem: string;

  constructor(readonly keyId: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.privateKey = pair.privateKey;
    this.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  header(body: string): string {
    const signer = createSign('sha1');
    signer.update(body);
    const signature = signer.sign(this.privateKey).toString('base64');
    return Buffer.from(
      JSON.stringify({ alg: 'ecdsa', kid: this.keyId, signature, digest: 'SHA1' }),
    ).toString('base64');
  }
}

export interface DeletionNotification {
  metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION'; schemaVersion: '1.0'; deprecated: false };
  notification: {
    notificationId: string;
    eventDate: string;
    publishDate: string;
    publishAttemptCount: number;
    data: { username: string; userId: string; eiasToken: string };
  };
}

export function deletionNotification(settings: EbaySettings, now: number): DeletionNotification {
  return {
    metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION', schemaVersion: '1.0', deprecated: false },
    notification: {
      notificationId: `${randomUUID()}_${randomUUID()}`,
      eventDate: new Date(now - 200).toISOString(),
      publishDate: new Date(now).toISOString(),
      publishAttemptCount: 1,
      data: {
        username: settings.account.username,
        userId: settings.account.userId,
        eiasToken: settings.account.eiasToken,
      },
    },
  };
}

export const IDENTITY_PREFIX = '/commerce/identity/v1';
export const NOTIFICATION_PREFIX = '/commerce/notification/v1';

/** Commerce Identity getUser (apiz host in production) and Notification getPublicKey. */
export function registerAccountApis(
  app: FastifyInstance,
  deps: { settings: EbaySettings; tokens: TokenStore; signer: NotificationSigner },
): void {
  const { settings, tokens, signer } = deps;

  app.get(`${IDENTITY_PREFIX}/user/`, async (request, reply) => {
    if (
      !authenticate(tokens, request, reply, { anyOf: ['commerce.identity.readonly'], user: true })
    )
      return reply;
    const answer: UserResponse = {
      userId: settings.account.userId,
      username: settings.account.username,
      accountType: 'INDIVIDUAL',
      registrationMarketplaceId: settings.account.marketplaceId,
      status: 'CONFIRMED',
    };
    return answer;
  });

  app.get(`${NOTIFICATION_PREFIX}/public_key/:id`, async (request, reply) => {
    if (!authenticate(tokens, request, reply, { anyOf: [''], user: false })) return reply;
    const id = (request.params as { id: string }).id;
    if (id !== signer.keyId) {
      return sendError(reply, 404, [
        {
          errorId: 195001,
          domain: 'API_NOTIFICATION',
          category: 'REQUEST',
          message: 'The specified key id is invalid.',
        },
      ]);
    }
    return { key: signer.publicKeyPem, algorithm: 'ECDSA', digest: 'SHA1' };
  });
}
