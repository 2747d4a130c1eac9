/** Days before an eBay refresh token lapses from which the account screen warns. */
export const REFRESH_WARNING_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export type TokenExpiryState =
  | { kind: 'none' }
  | { kind: 'ok'; days: number }
  | { kind: 'soon'; days: number }
  | { kind: 'lapsed' };

/** Where a refresh token's expiry stands: lapsed, within the warning window, fine or unknown. */
export function tokenExpiryState(expiry: string | null | undefined, now = Date.now()) {
  if (!expiry) return { kind: 'none' } satisfies TokenExpiryState;
  const at = Date.parse(expiry);
  if (Number.isNaN(at)) return { kind: 'none' } satisfies TokenExpiryState;
  if (at <= now) return { kind: 'lapsed' } satisfies TokenExpiryState;
  const days = Math.ceil((at - now) / DAY_MS);
  return (
    days <= REFRESH_WARNING_DAYS ? { kind: 'soon', days } : { kind: 'ok', days }
  ) satisfies TokenExpiryState;
}

/** "in 1 day" / "in 12 days". */
export function daysText(days: number) {
  return `in ${days} ${days === 1 ? 'day' : 'days'}`;
}
