import { standalonePage, startFailedText } from './pages/public/standalone-pages.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/*
 * The landing, /oferta and /privacy open on their own: React and the page, without the
 * router, TanStack Query, zod and the message catalogue (together ~75 KB gzip), so a visitor
 * from an ad gets the landing within its 100 KB gzip budget. Every other address starts the app.
 */
const path = window.location.pathname;
const loadPublicPage = standalonePage(path);
const started = path.startsWith('/shop/')
  ? // The buyers' shop, a Telegram Mini App: its own small code only (80 KB gzip budget).
    import('./pages/shop/mount-shop.js').then(({ mountShop }) => mountShop(container))
  : loadPublicPage
    ? Promise.all([import('./pages/public/mount-standalone.js'), loadPublicPage()]).then(([{ mountStandalonePage }, Page]) =>
        mountStandalonePage(container, Page),
      )
    : import('./app.js').then(({ mountApp }) => mountApp(container));

started.catch((error: unknown) => {
  console.error('The page could not start', error);
  container.textContent = startFailedText;
});
