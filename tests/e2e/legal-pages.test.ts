import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SAMPLES } from '../../src/server/modules/operator/samples.js';
import { hero, pageMeta, site } from '../../src/web/content/landing.js';
import { ofertaTitle } from '../../src/web/content/oferta.js';
import { privacyTitle } from '../../src/web/content/privacy.js';
import { ROOT } from '../support/server-process.js';
import { MOBILE, hasHorizontalOverflow, seriousViolations, useBrowser, waitForPath } from './helpers.js';

const SCREENSHOTS = path.join(ROOT, 'tests/e2e/screenshots');
const { withPage } = useBrowser();

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

async function open(page: Page, pathname: string, title: string): Promise<void> {
  await page.goto(pathname);
  await page.getByRole('heading', { level: 1, name: new RegExp(`^${title}`) }).waitFor();
}

async function sectionTitles(page: Page): Promise<string[]> {
  return page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts();
}

describe('/oferta', () => {
  it('shows the offer of 28 October 2025 in its 12 sections', () =>
    withPage(async (page) => {
      await open(page, '/oferta', ofertaTitle);
      await page.getByText('28 октября 2025 г.').waitFor();
      expect(await sectionTitles(page)).toEqual([
        '1. Общие положения',
        '2. Термины и определения',
        '3. Предмет договора',
        '4. Права и обязанности сторон',
        '5. Стоимость услуг и порядок расчётов',
        '6. Надлежащее оказание услуг',
        '7. Конфиденциальность',
        '8. Форс-мажор',
        '9. Ответственность сторон',
        '10. Срок действия договора',
        '11. Дополнительные условия',
        '12. Реквизиты Исполнителя',
      ]);
    }));

  it('carries every offer term of SPEC §9 and the seller’s details (samples in demo mode)', () =>
    withPage(async (page) => {
      await open(page, '/oferta', ofertaTitle);
      const text = (await page.getByRole('article').innerText()).replace(/\s+/g, ' ');
      for (const term of [
        'в течение 24 (двадцати четырёх) часов с момента поступления денежных средств',
        'в течение 10 (десяти) рабочих дней',
        'в течение 30 (тридцати) рабочих дней',
        'более 60 (шестидесяти) рабочих дней, каждая из сторон вправе расторгнуть договор',
        'в безналичной форме: банковской картой',
        'по реквизитам выставленного счёта',
        'электронный кассовый чек, который направляется Заказчику на адрес электронной почты',
        'Изменение стоимости не затрагивает Услуги, оплаченные по ранее заключённым договорам',
        'регистрация на Сайте',
        'заполнение заявки на оказание услуг',
        'предоставление Исполнителю своих данных или реквизитов',
        'оплата услуг Исполнителя',
        'Срок оказания Услуг: [',
        // Demo mode, nothing set: the operator's details are labelled samples.
        `ИНН: ${site.samplePrefix}${DEMO_SAMPLES.company_inn}`,
        `ОГРНИП: ${site.samplePrefix}${DEMO_SAMPLES.company_ogrn}`,
      ]) {
        expect(text).toContain(term);
      }
    }));

  it('leads back home from its header', () =>
    withPage(async (page) => {
      await open(page, '/oferta', ofertaTitle);
      await page.getByRole('banner').getByRole('link', { name: site.backHome }).click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { level: 1, name: hero.title, exact: true }).waitFor();
    }));
});

describe('/privacy', () => {
  it('shows the policy, last updated 28 October 2025, with what SPEC §2 and §9 ask it to cover', () =>
    withPage(async (page) => {
      await open(page, '/privacy', privacyTitle);
      await page.getByText('Дата последнего обновления: 28 октября 2025 г.').waitFor();
      const titles = await sectionTitles(page);
      for (const title of [
        'Правовые основания обработки',
        'Цели обработки',
        'Права субъектов персональных данных',
        'Платёжные данные',
        'Ответственность третьих лиц',
      ]) {
        expect(titles.some((shown) => shown.endsWith(title))).toBe(true);
      }
      const text = (await page.getByRole('article').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(`${site.samplePrefix}${DEMO_SAMPLES.company_name}`);
      expect(text).toContain('не получает и не хранит полные данные банковских карт');
      expect(text).toContain('только уведомление об успешной оплате');
      expect(text).toContain('в течение 30 (тридцати) дней');
      expect(text).toContain('действует бессрочно до её замены новой редакцией');
    }));

  it('has a button home in its header', () =>
    withPage(async (page) => {
      await open(page, '/privacy', privacyTitle);
      await page.getByRole('banner').getByRole('link', { name: site.home, exact: true }).click();
      await waitForPath(page, '/');
    }));
});

describe.each([
  ['/oferta', ofertaTitle, pageMeta.offer],
  ['/privacy', privacyTitle, pageMeta.privacy],
])('%s', (pathname, title, meta) => {
  it('names the tab and describes itself for search engines and link previews', () =>
    withPage(async (page) => {
      await open(page, pathname, title);
      await expect.poll(() => page.title()).toBe(meta.title);
      const content = (selector: string) => page.locator(selector).getAttribute('content');
      expect(await content('meta[name="description"]')).toBe(meta.description);
      expect(await content('meta[property="og:title"]')).toBe(meta.title);
      expect(await content('meta[property="og:description"]')).toBe(meta.description);
      expect(await content('meta[property="og:url"]')).toBe(`https://scanapp.ru${pathname}`);
    }));

  it('ends with the footer: seller details and both documents', () =>
    withPage(async (page) => {
      await open(page, pathname, title);
      const footer = page.getByRole('contentinfo');
      await footer.getByText(site.footerTagline, { exact: true }).waitFor();
      expect(await footer.getByRole('link', { name: site.offerLink, exact: true }).getAttribute('href')).toBe('/oferta');
      expect(await footer.getByRole('link', { name: site.privacyLink, exact: true }).getAttribute('href')).toBe('/privacy');
    }));

  it.each([
    ['phone', MOBILE],
    ['desktop', { width: 1440, height: 900 }],
  ])('fits a %s screen and has no serious or critical axe findings (screenshot saved)', (_name, viewport) =>
    withPage(async (page) => {
      await open(page, pathname, title);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${pathname.slice(1)}-${viewport.width}.png`), fullPage: true });
    }, viewport),
  );
});
