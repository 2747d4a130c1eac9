import { useSyncExternalStore } from 'react';
import type { Account, Organization } from './api-types';
import { STORAGE_KEYS, storage } from './storage';

// The session lives in local storage (access_token, account, current_org); this module is the
// only writer and lets React components subscribe to changes, including ones from other tabs.
const listeners = new Set<() => void>();
let snapshot = readSnapshot();

export type Session = {
  accessToken: string | null;
  account: Account | null;
  currentOrgId: string | null;
};

function readSnapshot(): Session {
  return {
    accessToken: storage.getAccessToken(),
    account: storage.getAccount(),
    currentOrgId: storage.getCurrentOrg(),
  };
}

function emit() {
  snapshot = readSnapshot();
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: string[] = [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.account,
      STORAGE_KEYS.currentOrg,
    ];
    if (event.key === null || keys.includes(event.key)) emit();
  });
}

export function getSession(): Session {
  return snapshot;
}

export function isLoggedIn(): boolean {
  return Boolean(snapshot.accessToken && snapshot.account);
}

export function startSession(accessToken: string, account: Account) {
  storage.setAccessToken(accessToken);
  storage.setAccount(account);
  const current = storage.getCurrentOrg();
  if (current && !account.orgs.some((org) => org.id === current)) storage.setCurrentOrg(null);
  emit();
}

export function setAccessToken(accessToken: string) {
  storage.setAccessToken(accessToken);
  emit();
}

export function setAccount(account: Account) {
  storage.setAccount(account);
  emit();
}

/** Replaces or appends one organisation in the stored account. */
export function upsertOrganization(org: Organization) {
  const account = storage.getAccount();
  if (!account) return;
  const exists = account.orgs.some((o) => o.id === org.id);
  const orgs = exists
    ? account.orgs.map((o) => (o.id === org.id ? { ...o, ...org } : o))
    : [...account.orgs, org];
  setAccount({ ...account, orgs });
}

export function setCurrentOrg(orgId: string | null) {
  storage.setCurrentOrg(orgId);
  emit();
}

export function clearSession() {
  storage.setAccessToken(null);
  storage.setAccount(null);
  storage.setCurrentOrg(null);
  emit();
}

/** The currently selected organisation, else the first one. */
export function selectedOrganization(session: Session = snapshot): Organization | null {
  const orgs = session.account?.orgs ?? [];
  return orgs.find((org) => org.id === session.currentOrgId) ?? orgs[0] ?? null;
}

export function findOrganizationByName(name: string, session: Session = snapshot) {
  return session.account?.orgs.find((org) => org.name === name) ?? null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
