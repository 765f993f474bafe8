// A marketplace product card a mailing announces: Wildberries or Ozon, read strictly, so the
// button under an announcement can only ever lead to one of their product cards.

export const MARKETPLACES = ['wildberries', 'ozon'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

export interface MarketplaceProduct {
  marketplace: Marketplace;
  /** The card's own address, rebuilt from its id (tracking parameters and fragments dropped). */
  url: string;
}

const MAX_LENGTH = 2000;
const HOSTS: Record<string, Marketplace> = {
  'wildberries.ru': 'wildberries',
  'www.wildberries.ru': 'wildberries',
  'ozon.ru': 'ozon',
  'www.ozon.ru': 'ozon',
};
/** www.wildberries.ru/catalog/<article>/detail.aspx */
const WILDBERRIES_CARD = /^\/catalog\/(\d{1,12})\/detail\.aspx$/;
/** www.ozon.ru/product/<slug>-<id>/ or /product/<id>/ */
const OZON_CARD = /^\/product\/((?:[a-z0-9]+-)*\d{1,15})\/?$/i;

/**
 * The product card a link names, or null: https only, exactly the marketplaces' own hosts (no
 * look-alike or sub-domain, no user or port), and only their product-card paths.
 */
export function parseMarketplaceProduct(text: string): MarketplaceProduct | null {
  const value = text.trim();
  if (value.length > MAX_LENGTH || !/^https:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const marketplace = HOSTS[url.hostname];
  if (!marketplace || url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  if (marketplace === 'wildberries') {
    const article = WILDBERRIES_CARD.exec(url.pathname)?.[1];
    return article ? { marketplace, url: `https://www.wildberries.ru/catalog/${article}/detail.aspx` } : null;
  }
  const card = OZON_CARD.exec(url.pathname)?.[1];
  return card ? { marketplace, url: `https://www.ozon.ru/product/${card.toLowerCase()}/` } : null;
}
