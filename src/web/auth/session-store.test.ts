import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/auth.js';
import { SESSION_STORAGE_KEY } from '../../contract/constants.js';
import { createSessionStore, readStoredSession, type Session, type SessionStorage } from './session-store.js';

const user: User = {
  id: 7,
  name: 'Анна Продавцова',
  email: 'anna@example.test',
  balance: 0,
  project_name: null,
  project_inns: [],
  points_percentage: 10,
  puzzle_bot_token: null,
  puzzle_bot_points_variable: null,
  command_success: null,
  command_not_recognized: null,
  command_already_scanned: null,
  command_too_old: null,
  command_no_items: null,
  receipt_validity_days: 60,
  check_duplicates: 0,
  scanned_receipts: 0,
  is_activated: false,
  mailing_bot_token: null,
};
const session: Session = { token: 'token-1', user };

function memoryStorage(initial?: string): SessionStorage & { value: () => string | null } {
  const items = new Map<string, string>();
  if (initial !== undefined) items.set(SESSION_STORAGE_KEY, initial);
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    value: () => items.get(SESSION_STORAGE_KEY) ?? null,
  };
}

describe('restoring the stored session', () => {
  it('restores a valid session', () => {
    const log = vi.fn();
    expect(readStoredSession(memoryStorage(JSON.stringify(session)), log)).toEqual(session);
    expect(log).not.toHaveBeenCalled();
  });

  it('starts signed out when nothing is stored, without logging', () => {
    const log = vi.fn();
    expect(readStoredSession(memoryStorage(), log)).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('clears and logs a value that is not JSON', () => {
    const storage = memoryStorage('{"token": "abc", user');
    const log = vi.fn();
    expect(readStoredSession(storage, log)).toBeNull();
    expect(storage.value()).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });

  it.each([
    ['a bare string', '"token"'],
    ['no user', JSON.stringify({ token: 'abc' })],
    ['an empty token', JSON.stringify({ token: '', user })],
    ['a user of the wrong shape', JSON.stringify({ token: 'abc', user: { ...user, balance: '0' } })],
  ])('clears and logs %s', (_case, raw) => {
    const storage = memoryStorage(raw);
    const log = vi.fn();
    expect(readStoredSession(storage, log)).toBeNull();
    expect(storage.value()).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });

  it('survives storage that refuses to be read', () => {
    const log = vi.fn();
    const storage: SessionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(readStoredSession(storage, log)).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('the session store', () => {
  it('stores the session on sign-in and tells subscribers', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn(session);
    expect(store.getState().session).toEqual(session);
    expect(JSON.parse(storage.value() ?? 'null')).toEqual(session);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('updates both the in-memory and the stored user on a profile refresh', () => {
    const storage = memoryStorage(JSON.stringify(session));
    const store = createSessionStore(storage);
    const refreshed = { ...user, balance: 1000.5, scanned_receipts: 3 };
    store.updateUser(refreshed);
    expect(store.getState().session).toEqual({ token: 'token-1', user: refreshed });
    expect(JSON.parse(storage.value() ?? 'null')).toEqual({ token: 'token-1', user: refreshed });
  });

  it('ignores a profile answer for someone who is no longer signed in', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.updateUser(user);
    expect(store.getState().session).toBeNull();
    expect(storage.value()).toBeNull();
  });

  it('clears storage on sign-out and remembers why', () => {
    const storage = memoryStorage(JSON.stringify(session));
    const store = createSessionStore(storage);
    store.signOut('expired');
    expect(store.getState()).toEqual({ session: null, endedBy: 'expired' });
    expect(storage.value()).toBeNull();
  });

  it('picks up a sign-in or sign-out made in another tab', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    store.reload();
    expect(store.getState().session).toEqual(session);
    storage.removeItem(SESSION_STORAGE_KEY);
    store.reload();
    expect(store.getState()).toEqual({ session: null, endedBy: 'logout' });
  });
});
