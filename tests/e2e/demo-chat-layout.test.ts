import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { createFundedSeller } from '../support/operator.js';
import { newBotToken } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, useBrowser, type Viewport } from './helpers.js';

const { withPage } = useBrowser();
const DESKTOP = { width: 1280, height: 800 };

async function openChat(page: Page): Promise<{ token: string; botId: string }> {
  const { token, botId } = newBotToken();
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529', telegram_bot_token: token });
  if (created.status !== 201) throw new Error(created.text);
  await page.goto(`/__emulators/telegram/chat?bot_id=${botId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { token, botId };
}

/**
 * The Telegram emulator's own API: a shopper's update, or a Bot API call as the action's bot makes it.
 * A chat takes one message a second (the app's bot may be answering the same chat): a 429 is waited
 * out as its `retry_after` says, as any Bot API client does.
 */
async function emulator(path: string, body: FormData | object): Promise<void> {
  for (;;) {
    const response = await fetch(`${baseUrl()}/__emulators/telegram${path}`, {
      method: 'POST',
      ...(body instanceof FormData ? { body } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (response.ok) return;
    const answer = (await response.json()) as { parameters?: { retry_after?: number } };
    const retryAfter = answer.parameters?.retry_after;
    if (response.status !== 429 || retryAfter === undefined) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** How far the input bar's bottom is from the chat window's bottom, and whether the bar is on screen. */
async function composerPlace(page: Page, viewport: Viewport): Promise<{ gap: number; onScreen: boolean }> {
  const windowBox = (await page.locator('.demo-chat__window').boundingBox())!;
  const input = (await page.getByRole('textbox', { name: 'Сообщение', exact: true }).boundingBox())!;
  const composer = (await page.locator('form.demo-chat__composer').boundingBox())!;
  return {
    gap: Math.round(windowBox.y + windowBox.height - (composer.y + composer.height)),
    onScreen: input.y + input.height <= viewport.height,
  };
}

describe('the demo chat’s layout', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    it(`keeps the input bar at the bottom of the chat panel, empty or full, on the ${name}`, () =>
      withPage(async (page) => {
        await openChat(page);
        // The panel's border is 1 px: the bar sits right on it.
        expect(await composerPlace(page, viewport)).toEqual({ gap: 1, onScreen: true });
        const input = page.getByRole('textbox', { name: 'Сообщение', exact: true });
        for (let index = 1; index <= 14; index += 1) {
          await input.fill(`Сообщение номер ${index}`);
          await input.press('Enter');
        }
        await page.getByRole('log').getByText('Сообщение номер 14', { exact: true }).waitFor();
        // The log scrolls inside the panel; the bar neither floats up nor falls off the screen.
        expect(await composerPlace(page, viewport)).toEqual({ gap: 1, onScreen: true });
        expect(await page.getByRole('log').evaluate((log) => log.scrollHeight > log.clientHeight)).toBe(true);
        expect(await hasHorizontalOverflow(page)).toBe(false);
      }, viewport));
  }

  it('shows a shared contact as a card and the files the bot sent by their names, on a phone', () =>
    withPage(async (page) => {
      const { token, botId } = await openChat(page);
      const shopperId = Number(await page.getByLabel('Telegram ID покупателя').inputValue());
      // The phone function's answer: the shopper's contact card (here from the attachment menu).
      await emulator('/updates', {
        bot_id: Number(botId),
        from: { id: shopperId, first_name: 'Покупатель' },
        contact: { phone_number: '79161234567', first_name: 'Анна' },
      });
      // A product guide's file and video, as the bot sends them.
      const document = new FormData();
      document.set('chat_id', String(shopperId));
      document.set('caption', 'Инструкция к товару');
      document.set('document', new Blob([new Uint8Array(16)], { type: 'application/pdf' }), 'instrukciya.pdf');
      await emulator(`/bot${token}/sendDocument`, document);
      await page.getByText('Файл: instrukciya.pdf', { exact: true }).waitFor();
      await emulator(`/bot${token}/sendVideo`, { chat_id: shopperId, video: 'https://example.com/video/how-to.mp4' });

      const log = page.getByRole('log');
      await log.getByText('Видео: how-to.mp4', { exact: true }).waitFor();
      await expect(log.getByText('Контакт: +79161234567', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(log.getByText('Инструкция к товару', { exact: true }).isVisible()).resolves.toBe(true);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});
