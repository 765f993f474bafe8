import { useSyncExternalStore } from 'react';
import { ACTING_SELLER_STORAGE_KEY, SESSION_STORAGE_KEY } from '../../contract/constants.js';
import { createActingSellerStore } from './acting-seller.js';
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
export const actingSellerStore = createActingSellerStore(browserStorage(), ACTING_SELLER_STORAGE_KEY);

// Signing in or out in another tab applies here too.
window.addEventListener('storage', (event) => {
  if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionStore.reload();
});

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}

/** The seller the cabinet works for: the one chosen in the header's switch, else the signed-in person's own account. */
export function currentSellerId(): number | undefined {
  const personId = sessionStore.getState().session?.user.id;
  return personId === undefined ? undefined : (actingSellerStore.sellerFor(personId) ?? personId);
}

/** The seller the cabinet works for (every cabinet call sends it as `user_id`); undefined when signed out. */
export function useSellerId(): number | undefined {
  const personId = useSessionState().session?.user.id;
  useSyncExternalStore(actingSellerStore.subscribe, actingSellerStore.getVersion);
  return personId === undefined ? undefined : (actingSellerStore.sellerFor(personId) ?? personId);
}

/** The signed-in person's own account (the profile, the password, their teams). */
export function useAccountId(): number | undefined {
  return useSessionState().session?.user.id;
}
