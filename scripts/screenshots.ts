/**
 * Real screenshots of the seller cabinet for the landing page's platform section
 * (and the Open Graph preview image), made from demo data:
 *
 *   npm run build && node --import tsx scripts/screenshots.ts
 *
 * Starts the built server on a throw-away database, registers a demo seller, credits
 * and activates the account with the operator CLI, creates three actions with fictional
 * brands and INNs, lets buyers scan receipts (tax-service emulator), then photographs
 * the cabinet in Chromium and writes WebP files (encoded by Chromium's own canvas, so
 * no image library is needed) into src/web/public/screenshots/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { messages } from '../src/contract/messages.js';
import { createSeller, type Seller } from '../tests/support/api-client.js';
import { launchBrowser } from '../tests/support/browser.js';
import { creditViaCli } from '../tests/support/operator.js';
import { freshReceipt, registerReceipt } from '../tests/support/receipts.js';
import { ROOT, startServer } from '../tests/support/server-process.js';

const OUT_DIR = path.join(ROOT, 'src/web/public/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const WIDTHS = [1280, 640];
const WEBP_QUALITY = 0.82;

/** Fictional brands: their INNs replace the supplier INN on real fixture receipts. */
const DEMO_ACTIONS = [
  {
    name: 'Кроха Плюс — баллы за каждый чек',
    inn: '7701234560',
    fixture: 'wb-aurora-cosmetics',
    products: ['Кроха Плюс Шампунь детский 300 мл', 'Кроха Плюс Крем под подгузник 100 мл', 'Кроха Плюс Крем для тела 200 мл'],
    buyers: [
      ['5123400017', 1],
      ['5123400029', 2],
      ['5123400031', 3],
      ['5123400044', 5],
      ['5123400052', 8],
      ['5123400066', 12],
    ],
  },
  {
    name: 'Спорт Лайн — зимний розыгрыш',
    inn: '7811122235',
    fixture: 'ozon-snowdream-tubing',
    products: ['Спорт Лайн Тюбинг, диаметр 90 см'],
    buyers: [
      ['5123400073', 1],
      ['5123400081', 4],
      ['5123400017', 6],
    ],
  },
  {
    name: 'ТехноЛис — электронная гарантия',
    inn: '5029876544',
    fixture: 'ozon-borner-vegetable-slicer',
    products: ['ТехноЛис Овощерезка электрическая, 5 насадок'],
    buyers: [['5123400098', 2]],
  },
] as const;

/** Each landing image: the cabinet screens to try, in order (the first that is not a placeholder wins). */
const SHOTS: { file: string; paths: string[]; prepare?: (page: Page) => Promise<void> }[] = [
  { file: 'create-action', paths: ['/dashboard/action/create'], prepare: fillActionForm },
  { file: 'analytics', paths: ['/dashboard/buyers', '/dashboard/tariffs'] },
  { file: 'setup', paths: ['/dashboard'] },
];

/** A form being filled in reads better than an empty one; fields that are not there are skipped. */
async function fillActionForm(page: Page): Promise<void> {
  const a = messages.actionScreens;
  for (const [label, value] of [
    [a.nameLabel, 'Зелёная полка — баллы за отзыв с фото'],
    [a.innsLabel, '7709876545'],
    [a.keywordsLabel, 'крем, сыворотка, маска'],
    [a.minTotalLabel, '990'],
  ] as const) {
    const field = page.getByLabel(label, { exact: true });
    if (await field.count()) await field.fill(value);
  }
  await page.locator('input:focus, textarea:focus').evaluateAll((fields) => fields.forEach((field) => (field as HTMLElement).blur()));
}

async function demoSeller(baseUrl: string): Promise<Seller> {
  const seller = await createSeller(baseUrl, { name: 'Ольга Смирнова', email: 'olga.smirnova@example.com' });
  const activation = (await seller.api.get('/billing/settings?setting_key=account_activation_price')).body.value as number;
  const subscription = (await seller.api.get('/billing/settings?setting_key=project_subscription_price')).body.value as number;
  await creditViaCli(baseUrl, seller.email, activation + subscription * DEMO_ACTIONS.length + 12_000);
  const activated = await seller.api.post('/activate', { user_id: seller.id });
  if (activated.status !== 200) throw new Error(`activation failed: ${activated.text}`);

  for (const action of DEMO_ACTIONS) {
    const created = await seller.api.post('/projects', {
      user_id: seller.id,
      name: action.name,
      project_inns: action.inn,
      points_percentage: 7,
    });
    if (created.status !== 201) throw new Error(`creating "${action.name}" failed: ${created.text}`);
    const projectId: number = created.body.project_id;
    for (const [buyer, daysAgo] of action.buyers) {
      const receipt = freshReceipt(action.fixture, daysAgo, (copy) => {
        copy.items.forEach((item: Record<string, unknown>, index: number) => {
          item.providerInn = action.inn;
          item.name = action.products[index % action.products.length];
        });
      });
      const qr = await registerReceipt(baseUrl, receipt);
      const checked = await seller.api.post('/check', { qrurl: qr, user_id: seller.id, project_id: projectId, user_id_tg: buyer });
      if (checked.status !== 200) console.warn(`receipt for "${action.name}" not accepted: ${checked.text}`);
    }
  }
  return seller;
}

async function signedInPage(browser: Browser, baseUrl: string, seller: Seller): Promise<Page> {
  // bypassCSP lets the style below in: it hides the «Демо-режим» badge, an environment marker, not a product feature.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORT,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    bypassCSP: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const user = (await seller.api.get('/profile')).body.user;
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    'scanapp-auth',
    JSON.stringify({ token: seller.api.token, user }),
  ] as const);
  return page;
}

/** Opens a cabinet screen and waits until its data has arrived. */
async function openScreen(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByText(messages.common.loading).first().waitFor({ state: 'hidden' });
  await page.addStyleTag({ content: '.badge--demo { display: none !important; }' });
}

/** PNG → WebP at each width, encoded by Chromium's canvas. */
async function saveWebp(page: Page, png: Buffer, name: string): Promise<string[]> {
  const saved: string[] = [];
  for (const width of WIDTHS) {
    const dataUrl = await page.evaluate(
      async ({ source, width, quality }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth);
        const context = canvas.getContext('2d')!;
        context.imageSmoothingQuality = 'high';
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL('image/webp', quality);
      },
      { source: `data:image/png;base64,${png.toString('base64')}`, width, quality: WEBP_QUALITY },
    );
    if (!dataUrl.startsWith('data:image/webp')) throw new Error('this Chromium cannot encode WebP');
    const file = path.join(OUT_DIR, `${name}-${width}.webp`);
    writeFileSync(file, Buffer.from(dataUrl.split(',')[1]!, 'base64'));
    saved.push(path.relative(ROOT, file));
  }
  return saved;
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const seller = await demoSeller(server.url);
    const page = await signedInPage(browser, server.url, seller);
    const encoder = await (await browser.newContext()).newPage();
    for (const shot of SHOTS) {
      const taken = shot.paths[0]!;
      await openScreen(page, taken);
      await shot.prepare?.(page);
      const files = await saveWebp(encoder, await page.screenshot(), shot.file);
      console.log(`${shot.file}: ${taken} → ${files.join(', ')}`);
    }

    // Open Graph preview: the landing's first screen, 1200×630.
    const landing = await (
      await browser.newContext({ baseURL: server.url, viewport: { width: 1200, height: 630 }, locale: 'ru-RU', reducedMotion: 'reduce' })
    ).newPage();
    await landing.goto('/');
    await landing.getByRole('heading', { level: 1 }).waitFor();
    await landing.waitForLoadState('networkidle');
    writeFileSync(path.join(ROOT, 'src/web/public/og-image.jpg'), await landing.screenshot({ type: 'jpeg', quality: 85 }));
    console.log('og-image: / → src/web/public/og-image.jpg');
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
