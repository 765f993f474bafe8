import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from '../../contract/constants.js';
import { createSessionStore, type SessionState, type SessionStorage } from './session-store.js';

/** localStorage, or a memory stand-in where the browser refuses storage (e.g. blocked site data). */
function browserStorage(): SessionStorage {
  try {
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    };
  }
}

export const sessionStore = createSessionStore(browserStorage());

// Signing in or out in another tab applies here too.
window.addEventListener('storage', (event) => {
  if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionStore.reload();
});

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}

/** The signed-in seller's id (every cabinet call sends it as `user_id`); undefined when signed out. */
export function useSellerId(): number | undefined {
  return useSessionState().session?.user.id;
}
