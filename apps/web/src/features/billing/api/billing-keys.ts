// Keys carry the organisation: these calls answer per organisation (X-Organization-Id).
export const billingKeys = {
  all: (orgId: string) => ['billing', orgId] as const,
  plans: (orgId: string) => [...billingKeys.all(orgId), 'plans'] as const,
  subscription: (orgId: string) => [...billingKeys.all(orgId), 'subscription'] as const,
  gate: (orgId: string) => [...billingKeys.all(orgId), 'gate'] as const,
  shopifySessions: (orgId: string) => [...billingKeys.all(orgId), 'shopify-sessions'] as const,
};
