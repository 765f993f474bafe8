import { describe, expect, it } from 'vitest';
import { parseMarketplaceProduct } from './marketplace-link.js';

describe('a marketplace product link', () => {
  it.each([
    ['https://www.wildberries.ru/catalog/123456789/detail.aspx', 'wildberries', 'https://www.wildberries.ru/catalog/123456789/detail.aspx'],
    [
      'https://wildberries.ru/catalog/42/detail.aspx?targetUrl=GP&size=1',
      'wildberries',
      'https://www.wildberries.ru/catalog/42/detail.aspx',
    ],
    [
      '  https://www.ozon.ru/product/krem-dlya-litsa-aurora-1234567/?sh=abc#reviews ',
      'ozon',
      'https://www.ozon.ru/product/krem-dlya-litsa-aurora-1234567/',
    ],
    ['https://ozon.ru/product/987654', 'ozon', 'https://www.ozon.ru/product/987654/'],
  ])('%s is a card of %s, kept as its own address', (link, marketplace, url) => {
    expect(parseMarketplaceProduct(link)).toEqual({ marketplace, url });
  });

  it.each([
    'http://www.wildberries.ru/catalog/123/detail.aspx',
    'https://wildberries.ru.evil.example/catalog/123/detail.aspx',
    'https://evil.example/?u=https://www.ozon.ru/product/1/',
    'https://user@www.ozon.ru/product/1/',
    'https://www.ozon.ru:8443/product/1/',
    'https://seller.wildberries.ru/catalog/123/detail.aspx',
    'https://www.wildberries.ru/brands/aurora',
    'https://www.wildberries.ru/catalog/abc/detail.aspx',
    'https://www.ozon.ru/category/krem/',
    'https://www.ozon.ru/product/krem/',
    'javascript:alert(1)//www.ozon.ru/product/1/',
    'www.ozon.ru/product/1/',
    '',
    `https://www.ozon.ru/product/${'a-'.repeat(1000)}1/`,
  ])('%s is refused', (link) => {
    expect(parseMarketplaceProduct(link)).toBeNull();
  });
});
