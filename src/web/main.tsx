import { standalonePage, startFailedText } from './pages/public/standalone-pages.js';
import './base.css';
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
// The buyers' shop (/shop/*) is not here: it has its own entry, shop.html.
const started = loadPublicPage
  ? Promise.all([import('./pages/public/mount-standalone.js'), loadPublicPage()]).then(([{ mountStandalonePage }, Page]) =>
      mountStandalonePage(container, Page),
    )
  : import('./app.js').then(({ mountApp }) => mountApp(container));

started.catch((error: unknown) => {
  console.error('The page could not start', error);
  container.textContent = startFailedText;
});
