/**
 * Code request limits (docs/decisions/0032). The per-IP limit does the real work; one client may
 * send an address only a few codes; the per-address ceiling bounds mail to one address from many
 * clients, and does not apply to a browser that has signed in as that address before, so
 * strangers cannot lock the owner out.
 */
export interface AuthLimits {
  windowMs: number;
  /** Code requests per (e-mail address, client IP) pair per window. */
  perEmailPerIp: number;
  /** Code requests per e-mail address per window, from browsers not known to the address. */
  perEmail: number;
  /** Code requests per client IP per window. */
  perIp: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  windowMs: 15 * 60 * 1000,
  perEmailPerIp: 5,
  perEmail: 30,
  perIp: 20,
};
