import { describe, expect, it } from 'vitest';
import { billingAccess, permission } from './roles';

describe('permission', () => {
  it("follows the contract's matrix and says why when refused", () => {
    expect(permission('member', 'postV1VariantsCost')).toEqual({ allowed: true, reason: '' });
    expect(permission('viewer', 'postV1VariantsCost')).toEqual({
      allowed: false,
      reason: 'Viewers can only look: this needs the member role or higher',
    });
    expect(permission('member', 'postV1PlatformsShopify')).toEqual({
      allowed: false,
      reason: 'Only admins and the owner can do this',
    });
    expect(permission('admin', 'postV1SubscriptionsStripeCheckout').allowed).toBe(false);
    expect(permission('owner', 'postV1SubscriptionsStripeCheckout').allowed).toBe(true);
  });

  it('opens Billing to admins and the owner only', () => {
    expect(
      ['owner', 'admin', 'member', 'viewer'].map((r) => billingAccess(r as never).allowed),
    ).toEqual([true, true, false, false]);
  });
});
