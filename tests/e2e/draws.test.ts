import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { clockCall } from '../support/clock.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.draws;
const WB_SELLER = '072196655529'; // the supplier INN on the Wildberries fixture receipt
const { withPage } = useBrowser();

const pngPicture = () =>
  sharp({ create: { width: 30, height: 40, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

async function sellerWithAction(page: Page): Promise<{ seller: Seller; actionId: number }> {
  const seller = await createFundedSeller(
    baseUrl(),
    BILLING_DEFAULTS.project_subscription_price + 10 * BILLING_DEFAULTS.receipt_price_tier1,
  );
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  await signInAs(page, seller);
  return { seller, actionId: created.body.project_id };
}

async function receipt(seller: Seller, actionId: number, buyer: string) {
  const qrurl = await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics'));
  const answer = await seller.api.post('/check', { qrurl, project_id: actionId, user_id_tg: buyer });
  if (!answer.body.success) throw new Error(answer.text);
}

describe('prize draws', () => {
  it('a seller creates a weekly draw with a prize, closes it, the drand round draws it, the prize is handed over, and anyone checks it on the public page; all at 375 px', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      await page.goto(`/dashboard/action/${actionId}`);
      // The action page offers it inside «Функции бота».
      await page.getByRole('heading', { name: messages.botFeatures.title, exact: true }).click();
      await page.getByRole('link', { name: m.actionLink, exact: true }).click();
      await page.getByRole('heading', { name: m.title, level: 1 }).waitFor();
      await page.getByText(m.empty, { exact: true }).waitFor();

      // A title is needed: refused at the field before anything is sent.
      const form = page.getByRole('form', { name: m.createTitle });
      await form.getByLabel(m.winnersLabel).fill('0');
      await form.getByRole('button', { name: m.create, exact: true }).click();
      await form.getByText(m.titleInvalid, { exact: true }).waitFor();
      await form.getByText(m.winnersInvalid, { exact: true }).waitFor();

      await form.getByLabel(m.titleLabel).fill('Фен за чек');
      await form.getByLabel(m.winnersLabel).fill('1');
      await form.getByLabel(m.prizeLabel, { exact: true }).fill('Фен Aurora');
      await form
        .locator('.image-picker input[type=file]')
        .setInputFiles({ name: 'prize.png', mimeType: 'image/png', buffer: await pngPicture() });
      await form.getByRole('img', { name: messages.imagePicker.previewAlt }).waitFor();
      await form.getByLabel(m.repeatLabel).selectOption({ label: m.repeatWeekly });
      await form.getByRole('button', { name: m.create, exact: true }).click();
      await form.getByText(m.created, { exact: true }).waitFor();
      // A weekly draw's next run opens beside it when it closes: the first is the oldest card.
      const card = page.getByRole('article').filter({ hasText: 'Фен за чек' }).last();
      await card.getByText(m.statusOpen, { exact: true }).waitFor();
      await card.getByText(fillMessage(m.prizeLine, { prize: 'Фен Aurora' }), { exact: true }).waitFor();
      await card.getByText(m.repeatsWeekly, { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);

      await receipt(seller, actionId, '1234567889');
      await receipt(seller, actionId, '5550001112');
      await page.reload();
      await card.getByText(fillMessage(m.ticketsCount, { count: 2 }), { exact: true }).waitFor();

      // Closed now: the tickets are frozen, the winners wait for the drand round.
      await card.getByRole('button', { name: m.closeNow, exact: true }).click();
      await card.getByText(/^Приём билетов завершён, список зафиксирован\. Победителей определит раунд drand № \d+/).waitFor();
      await card.getByText(m.statusDrawing, { exact: true }).waitFor();
      // The demo clock reaches the round (the emulator gives rounds by it) and the job draws.
      expect((await clockCall(baseUrl(), 'POST', { advance_seconds: 60 })).status).toBe(200);
      await page.reload();
      await card.getByText(m.statusClosed, { exact: true }).waitFor();
      const winners = card.getByRole('region', { name: `${m.winnersTitle}: Фен за чек` });
      await winners.getByRole('button', { name: m.handOver, exact: true }).click();
      await card.getByText(m.handedOver, { exact: true }).waitFor();
      await winners.getByText(/^Вручён /).waitFor();
      expect(await winners.getByRole('button', { name: m.handOver }).count()).toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.draws-page' })).toEqual([]);

      // The weekly draw's next run is open; the seller stops the repetition there.
      const nextRun = page.getByRole('article').filter({ hasText: 'Фен за чек' }).first();
      await nextRun.getByText(m.statusOpen, { exact: true }).waitFor();
      await nextRun.getByRole('button', { name: m.stopRepeating, exact: true }).click();
      await nextRun.getByText(m.repeatStopped, { exact: true }).waitFor();
      expect(await nextRun.getByText(m.repeatsWeekly, { exact: true }).count()).toBe(0);
      expect(await nextRun.getByRole('button', { name: m.stopRepeating }).count()).toBe(0);

      // The public page: no sign-in, the shoppers masked, re-computed in the browser.
      const publicPath = await card.getByRole('link', { name: m.publicLink }).getAttribute('href');
      const visitor = await page.context().browser()!.newContext({ viewport: MOBILE });
      const anyone = await visitor.newPage();
      try {
        await anyone.goto(`${baseUrl()}${publicPath}`);
        await anyone.getByRole('heading', { name: fillMessage(m.publicTitle, { title: 'Фен за чек' }) }).waitFor();
        await anyone.getByRole('img', { name: 'Фен Aurora' }).waitFor();
        await anyone.getByText(fillMessage(m.publicPrize, { prize: 'Фен Aurora' }), { exact: true }).waitFor();
        // The round's BLS signature checked against the chain's key, the list and the winners, here in the browser.
        await anyone.getByText(m.checkOkBeacon, { exact: true }).waitFor();
        await anyone.getByText(m.drandRoundLabel, { exact: true }).waitFor();
        await anyone.getByText('12••••89 (№ 1)').waitFor();
        await anyone.getByText('55••••12 (№ 2)').waitFor();
        // A shopper finds their own ticket by its number: the page of the list starts there.
        await anyone.getByLabel(m.ticketsFind).fill('2');
        await anyone.getByRole('button', { name: m.ticketsFindButton, exact: true }).click();
        await anyone.getByRole('button', { name: m.ticketsFirst, exact: true }).waitFor();
        await expect.poll(() => anyone.getByText('12••••89 (№ 1)').count()).toBe(0);
        await anyone.getByText('55••••12 (№ 2)').waitFor();
        await anyone.getByRole('link', { name: m.ticketsDownload }).waitFor();
        expect(await anyone.content()).not.toContain('1234567889');
        await anyone.getByRole('heading', { name: m.howTitle }).waitFor();
        expect(await hasHorizontalOverflow(anyone)).toBe(false);
        expect(await seriousViolations(anyone)).toEqual([]);
      } finally {
        await visitor.close();
      }
    }, MOBILE));
});
