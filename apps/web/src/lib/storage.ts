import type { Account } from './api-types';

// Local storage keys are part of the product spec (§3, §9): keep them exactly as they are.
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  account: 'account',
  currentOrg: 'current_org',
  theme: 'stocksync-theme',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working for this page view.
  }
}

export const storage = {
  getAccessToken: () => read(STORAGE_KEYS.accessToken),
  setAccessToken: (token: string | null) => write(STORAGE_KEYS.accessToken, token),
  getAccount(): Account | null {
    const raw = read(STORAGE_KEYS.account);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Account;
      return parsed && Array.isArray(parsed.orgs) ? parsed : null;
    } catch {
      return null;
    }
  },
  setAccount: (account: Account | null) =>
    write(STORAGE_KEYS.account, account ? JSON.stringify(account) : null),
  getCurrentOrg: () => read(STORAGE_KEYS.currentOrg),
  setCurrentOrg: (orgId: string | null) => write(STORAGE_KEYS.currentOrg, orgId),
  getTheme: () => read(STORAGE_KEYS.theme),
  setTheme: (theme: string) => write(STORAGE_KEYS.theme, theme),
};
