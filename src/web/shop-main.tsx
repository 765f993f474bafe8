import './base.css';
import { mountShop } from './pages/shop/mount-shop.js';

/*
 * The buyers' shop, a Telegram Mini App, is its own entry (shop.html, served for /shop/*):
 * React and the Mini App only, with every module preloaded by the HTML, none of the cabinet's
 * code or styles (80 KB gzip budget, docs/benchmarks.md).
 */
const container = document.getElementById('root');
if (!container) throw new Error('shop.html has no #root element');
mountShop(container);
