import { SESSION_STORAGE_KEY } from '../../contract/constants.js';
import { userSchema, type User } from '../../contract/auth.js';
import { z } from '../../contract/zod-setup.js';

/** SPEC §3 Session: what the browser keeps under `scanapp-auth`. */
export const storedSessionSchema = z.object({ token: z.string().min(1), user: userSchema });
export type Session = z.infer<typeof storedSessionSchema>;

/** How the last session ended: an explicit logout, or the server refusing the token. */
export type SignOutReason = 'logout' | 'expired';

export interface SessionState {
  session: Session | null;
  endedBy: SignOutReason | null;
}

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Logger = (message: string, detail?: unknown) => void;

/**
 * The stored session, or null. An unreadable value (bad JSON, wrong shape) is
 * removed and logged (SPEC §4), so the app starts signed out instead of crashing.
 */
export function readStoredSession(storage: SessionStorage, logError: Logger = console.error): Session | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch (error) {
    logError('Stored session could not be read', error);
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return discard(storage, logError, error);
  }
  const session = storedSessionSchema.safeParse(parsed);
  return session.success ? session.data : discard(storage, logError, session.error);
}

function discard(storage: SessionStorage, logError: Logger, reason: unknown): null {
  logError('Stored session was unreadable and has been cleared', reason);
  removeQuietly(storage);
  return null;
}

/** Storage can refuse writes (quota, disabled storage); the in-memory session still works then. */
function writeQuietly(storage: SessionStorage, session: Session): void {
  try {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch (error) {
    console.error('Session could not be stored', error);
  }
}

function removeQuietly(storage: SessionStorage): void {
  try {
    storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  signIn(session: Session): void;
  /** A profile refresh: the new user replaces both the in-memory and the stored copy. */
  updateUser(user: User): void;
  signOut(reason: SignOutReason): void;
  /** Re-reads storage, e.g. after another tab signed in or out. */
  reload(): void;
}

export function createSessionStore(storage: SessionStorage, logError?: Logger): SessionStore {
  let state: SessionState = { session: readStoredSession(storage, logError), endedBy: null };
  const listeners = new Set<() => void>();
  const publish = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(session) {
      writeQuietly(storage, session);
      publish({ session, endedBy: null });
    },
    updateUser(user) {
      // An answer for a seller who has signed out meanwhile must not sign anyone back in.
      if (state.session?.user.id !== user.id) return;
      const session = { ...state.session, user };
      writeQuietly(storage, session);
      publish({ session, endedBy: null });
    },
    signOut(reason) {
      removeQuietly(storage);
      publish({ session: null, endedBy: reason });
    },
    reload() {
      const session = readStoredSession(storage, logError);
      publish({ session, endedBy: session ? null : 'logout' });
    },
  };
}
