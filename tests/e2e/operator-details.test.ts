import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SAMPLES } from '../../src/server/modules/operator/samples.js';
import { finalContact, hero, projects, site, video } from '../../src/web/content/landing.js';
import { ofertaTitle } from '../../src/web/content/oferta.js';
import { privacyTitle } from '../../src/web/content/privacy.js';
import { runAdminCli } from '../support/operator.js';
import { startServer, type RunningServer } from '../support/server-process.js';
import { useBrowser } from './helpers.js';

const { withPage } = useBrowser();

// A server of its own: the details set here must not show on the pages other test files check.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function setDetail(key: string, value: string): Promise<void> {
  const result = await runAdminCli(server.url, ['settings:set', key, value]);
  if (result.code !== 0) throw new Error(`settings:set ${key} failed: ${result.stderr}`);
}

const VIDEO_URL = 'https://rutube.ru/play/embed/00000000000000000000000000000000';

async function open(page: Page, pathname: string, heading: RegExp): Promise<string> {
  await page.goto(`${server.url}${pathname}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('contentinfo').getByRole('heading', { name: site.legalTitle }).waitFor();
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

describe("the operator's details on the public pages", () => {
  it('unset ones show as «Пример: …» in demo mode; set by the CLI they appear on /, /oferta and /privacy without a restart', () =>
    withPage(async (page) => {
      const before = await open(page, '/oferta', new RegExp(`^${ofertaTitle}`));
      expect(before).toContain(`${site.samplePrefix}${DEMO_SAMPLES.company_name}`);
      expect(before).toContain(`ИНН: ${site.samplePrefix}${DEMO_SAMPLES.company_inn}`);

      await setDetail('company_name', 'ООО «Северный лён»');
      await setDetail('company_inn', '7707083893');
      await setDetail('company_ogrn', '1027700132195');
      await setDetail('company_address', '119991, г. Москва, ул. Вавилова, д. 19');
      await setDetail('contact_telegram', '@severny_len');

      const landing = await open(page, '/', new RegExp(`^${hero.title.slice(0, 20)}`));
      expect(landing).toContain('ООО «Северный лён» ИНН 7707083893, ОГРН 1027700132195 119991, г. Москва, ул. Вавилова, д. 19');
      expect(landing).toContain('Telegram: @severny_len');

      const oferta = await open(page, '/oferta', new RegExp(`^${ofertaTitle}`));
      expect(oferta).toContain('ООО «Северный лён» (далее — Исполнитель) публикует');
      expect(oferta).toContain('ИНН: 7707083893 ОГРН: 1027700132195 Адрес: 119991, г. Москва, ул. Вавилова, д. 19');
      // Still unset: labelled as a sample.
      expect(oferta).toContain(`Банковские реквизиты: ${site.samplePrefix}${DEMO_SAMPLES.company_bank}`);

      const privacy = await open(page, '/privacy', new RegExp(`^${privacyTitle}`));
      expect(privacy).toContain('ООО «Северный лён» (ИНН 7707083893, ОГРН 1027700132195; далее — Оператор)');
      expect(privacy).not.toContain(`${site.samplePrefix}${DEMO_SAMPLES.company_name}`);
    }));

  it("the contact buttons open the operator's Telegram, the example projects link their bots, the video plays the operator's", () =>
    withPage(async (page) => {
      await setDetail('contact_telegram', 'https://t.me/severny_len');
      await setDetail('demo_video_url', VIDEO_URL);
      await setDetail(
        'example_projects',
        JSON.stringify([{ name: 'Северный лён', category: 'Текстиль', text: 'Баллы за чеки.', url: 'https://t.me/severny_len_bot' }]),
      );
      // The player's site is never reached: the test stays on this machine.
      await page.route('https://rutube.ru/**', (route) => route.abort());
      await page.route(`**${video.poster}`, (route) => route.fulfill({ status: 404, body: '' }));
      await open(page, '/', new RegExp(`^${hero.title.slice(0, 20)}`));
      const main = page.getByRole('main');

      for (const name of [hero.demo, finalContact.button]) {
        expect(await main.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')).toBe('https://t.me/severny_len');
      }
      expect(await main.getByRole('link', { name: `${projects.viewBot} «Северный лён»`, exact: false }).getAttribute('href')).toBe(
        'https://t.me/severny_len_bot',
      );
      await main.getByRole('heading', { level: 3, name: 'Северный лён', exact: true }).waitFor();

      // A poster that fails to load gives way to an icon and leaves the button to start the video; the
      // player comes only on the press. The poster is asked for after the first paint, so its failure
      // is awaited (read at once, the image was still there in a full run).
      const play = page.getByRole('button', { name: new RegExp(`^${video.play}`) });
      await play.locator('.image-fallback').waitFor();
      expect(await page.locator(`img[src="${video.poster}"]`).count()).toBe(0);
      expect(await page.locator('iframe').count()).toBe(0);
      await play.click();
      const player = page.locator('iframe');
      await player.waitFor({ state: 'attached' });
      expect(await player.getAttribute('src')).toBe(VIDEO_URL);
      expect(await player.getAttribute('title')).toBe(video.title);
    }));
});
