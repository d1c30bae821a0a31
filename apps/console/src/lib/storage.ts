/**
 * The two browser-storage keys of the session (docs/product.md#session): the signed-in user object and the
 * selected real estate id. Every read and write of them goes through here.
 */
import { STORAGE_SELECTED_REAL_ESTATE_KEY, STORAGE_USER_KEY } from '@vitrine/contracts/constants';
import type { User } from '@vitrine/contracts';
import { toUser } from './user';

export type StoredUser = { ok: true; user: User | null } | { ok: false };

/** The stored user, `{ok: true, user: null}` when none, `{ok: false}` when the value cannot be parsed. */
export function readStoredUser(): StoredUser {
  return parseStoredUser(safeGet(STORAGE_USER_KEY));
}

export function parseStoredUser(raw: string | null): StoredUser {
  if (raw === null) return { ok: true, user: null };
  try {
    const user = toUser(JSON.parse(raw));
    return user ? { ok: true, user } : { ok: false };
  } catch {
    return { ok: false };
  }
}

export function writeStoredUser(user: User): void {
  safeSet(STORAGE_USER_KEY, JSON.stringify(user));
}

export function readStoredSelectedId(): number | null {
  return parseSelectedId(safeGet(STORAGE_SELECTED_REAL_ESTATE_KEY));
}

export function parseSelectedId(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) ? id : null;
}

/** Persists the selection, or removes the key when there is none (docs/product.md#session). */
export function writeStoredSelectedId(id: number | null): void {
  if (id === null) safeRemove(STORAGE_SELECTED_REAL_ESTATE_KEY);
  else safeSet(STORAGE_SELECTED_REAL_ESTATE_KEY, String(id));
}

/** Clearing the session removes both stored keys (docs/product.md#session). */
export function clearStoredSession(): void {
  safeRemove(STORAGE_USER_KEY);
  safeRemove(STORAGE_SELECTED_REAL_ESTATE_KEY);
}

// Storage can throw (private mode, quota, disabled cookies); the session then lives in memory only.
function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function safeSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* memory only */
  }
}
function safeRemove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* memory only */
  }
}
