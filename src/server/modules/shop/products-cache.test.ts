import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchHits, ProductsCache, type RenderedProducts } from './products-cache.js';

const rendered = (version: number, shopName = 'Aurora'): RenderedProducts => {
  const body = JSON.stringify({ shop_name: shopName, products: [], version });
  return { version, shopName, body, etag: etagOf(body) };
};

describe('the products cache', () => {
  it('serves an entry only while its version and shop name are current', () => {
    const cache = new ProductsCache(10);
    cache.set('t', rendered(3));
    expect(cache.get('t', { version: 3, shopName: 'Aurora' })?.version).toBe(3);
    expect(cache.get('t', { version: 4, shopName: 'Aurora' })).toBeUndefined();
    cache.set('t', rendered(4));
    expect(cache.get('t', { version: 4, shopName: 'Бореалис' })).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used shop when full', () => {
    const cache = new ProductsCache(2);
    cache.set('a', rendered(1));
    cache.set('b', rendered(1));
    cache.get('a', { version: 1, shopName: 'Aurora' });
    cache.set('c', rendered(1));
    expect(cache.get('b', { version: 1, shopName: 'Aurora' })).toBeUndefined();
    expect(cache.get('a', { version: 1, shopName: 'Aurora' })).toBeDefined();
    expect(cache.get('c', { version: 1, shopName: 'Aurora' })).toBeDefined();
  });
});

describe('ETags', () => {
  it('are strong, quoted and differ with the bytes', () => {
    expect(etagOf('{"a":1}')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });

  it('match If-None-Match as a list, weak or *, and nothing else', () => {
    const etag = etagOf('x');
    expect(ifNoneMatchHits(etag, etag)).toBe(true);
    expect(ifNoneMatchHits(`"other", W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"other"', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits(etag.slice(1, -1), etag)).toBe(false);
  });
});
