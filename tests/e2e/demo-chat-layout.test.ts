import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { createFundedSeller } from '../support/operator.js';
import { newBotToken } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, useBrowser, type Viewport } from './helpers.js';

const { withPage } = useBrowser();
const DESKTOP = { width: 1280, height: 800 };

async function openChat(page: Page): Promise<void> {
  const { token, botId } = newBotToken();
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529', telegram_bot_token: token });
  if (created.status !== 201) throw new Error(created.text);
  await page.goto(`/__emulators/telegram/chat?bot_id=${botId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
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
});
