import { organizationSchema } from '@stocksync/contract';

/** The organisation a component test renders a screen for (an owner, pounds). */
export const testOrganization = organizationSchema.parse({
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Acme',
  currency: 'GBP',
  role: 'owner',
  low_stock_threshold: 5,
});
