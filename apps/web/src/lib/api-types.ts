// Minimal local shapes of the auth and organisation API until @stocksync/contract exports them.
export const CURRENCIES = ['USD', 'GBP', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type Organization = {
  id: string;
  name: string;
  currency: Currency;
  role?: string;
};

export type Account = {
  id: string;
  email: string;
  orgs: Organization[];
};

export type ApiErrorBody = { error: string; field?: string };
