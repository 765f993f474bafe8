import { z } from '../../contract/zod-setup.js';
import type { SessionStorage } from './session-store.js';

/**
 * The header's switch (docs/decisions.md, "A team with roles"): whose cabinet a person works in.
 * Kept per person, so someone else signing in on the same browser starts in their own cabinet.
 */
const actingSellerSchema = z.object({ person_id: z.number().int(), seller_id: z.number().int() });
type ActingSeller = z.infer<typeof actingSellerSchema>;

export interface ActingSellerStore {
  /** The seller chosen by `personId`; undefined: their own account. */
  sellerFor(personId: number): number | undefined;
  subscribe(listener: () => void): () => void;
  /** The version listeners compare (changes on every choice). */
  getVersion(): number;
  /** null: back to the person's own account. */
  choose(personId: number, sellerId: number | null): void;
}

export function createActingSellerStore(storage: SessionStorage, key: string): ActingSellerStore {
  const read = (): ActingSeller | undefined => {
    try {
      const parsed = actingSellerSchema.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  let current = read();
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    sellerFor: (personId) => (current?.person_id === personId && current.seller_id !== personId ? current.seller_id : undefined),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getVersion: () => version,
    choose(personId, sellerId) {
      current = sellerId === null ? undefined : { person_id: personId, seller_id: sellerId };
      try {
        if (current) storage.setItem(key, JSON.stringify(current));
        else storage.removeItem(key);
      } catch {
        // Storage refused: the choice still holds until the page reloads.
      }
      version++;
      for (const listener of listeners) listener();
    },
  };
}
