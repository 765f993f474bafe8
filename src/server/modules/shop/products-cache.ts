import { createHash } from 'node:crypto';

/** A shop's rendered products list: the JSON sent, its strong ETag, and what it was rendered from. */
export interface RenderedProducts {
  version: number;
  shopName: string;
  body: string;
  etag: string;
}

/** A strong ETag of an answer's exact bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` header matches the ETag (RFC 9110 §13.1.2: weak comparison, a list
 * of tags or `*`).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * The rendered products lists of the shops opened lately, keyed by link token, least recently
 * used first out. An entry is only a candidate: the caller serves it when the version and name
 * it was rendered from are still the database's (read with the token on every request), so
 * another instance's change is never served stale.
 */
export class ProductsCache {
  private readonly entries = new Map<string, RenderedProducts>();

  constructor(private readonly capacity: number) {}

  get(token: string, current: { version: number; shopName: string }): RenderedProducts | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.version !== current.version || entry.shopName !== current.shopName) {
      this.entries.delete(token);
      return undefined;
    }
    // Map order is insertion order: re-inserting marks the entry as the most recently used.
    this.entries.delete(token);
    this.entries.set(token, entry);
    return entry;
  }

  set(token: string, entry: RenderedProducts): void {
    this.entries.delete(token);
    this.entries.set(token, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
