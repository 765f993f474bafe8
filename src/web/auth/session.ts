import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from '../../contract/constants.js';
import { queryClient } from '../api/query-client.js';
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

// Server state belongs to the signed-in seller: when the session ends or changes hands,
// nothing cached for the previous one may show.
let cachedFor = sessionStore.getState().session?.token;
sessionStore.subscribe(() => {
  const token = sessionStore.getState().session?.token;
  if (cachedFor !== undefined && token !== cachedFor) queryClient.removeQueries();
  cachedFor = token;
});

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
