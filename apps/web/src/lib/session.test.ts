import { afterEach, describe, expect, it } from 'vitest';
import type { Account } from './api-types';
import {
  clearSession,
  getSession,
  selectedOrganization,
  setCurrentOrg,
  startSession,
  upsertOrganization,
} from './session';

const first = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'First',
  currency: 'USD',
  role: 'owner',
  low_stock_threshold: 5,
} as const;
const second = {
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Second',
  currency: 'EUR',
  role: 'admin',
  low_stock_threshold: 5,
} as const;
const account: Account = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'a@example.com',
  orgs: [first, second],
};

describe('session', () => {
  afterEach(() => clearSession());

  it('stores the token, the account and the current organisation under the spec keys', () => {
    startSession('t', account);
    setCurrentOrg(second.id);
    expect(localStorage.getItem('access_token')).toBe('t');
    expect(JSON.parse(localStorage.getItem('account')!)).toEqual(account);
    expect(localStorage.getItem('current_org')).toBe(second.id);
  });

  it('selects the current organisation, else the first', () => {
    startSession('t', account);
    expect(selectedOrganization()).toEqual(first);
    setCurrentOrg(second.id);
    expect(selectedOrganization()).toEqual(second);
  });

  it('forgets a current organisation the new account does not have', () => {
    setCurrentOrg('00000000-0000-4000-8000-0000000000ff');
    startSession('t', account);
    expect(getSession().currentOrgId).toBeNull();
  });

  it('updates a renamed organisation in the stored account at once', () => {
    startSession('t', account);
    upsertOrganization({ ...first, name: 'Renamed' });
    const stored = JSON.parse(localStorage.getItem('account')!) as Account;
    expect(stored.orgs.map((org) => org.name)).toEqual(['Renamed', 'Second']);
    expect(getSession().account?.orgs[0]?.name).toBe('Renamed');
  });

  it('clears all three keys on logout', () => {
    startSession('t', account);
    setCurrentOrg(first.id);
    clearSession();
    for (const key of ['access_token', 'account', 'current_org']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});
