import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { publicShopMessages as t } from '../../src/contract/public-shop.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { plainSpaces, type Seller } from '../support/api-client.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { newBotToken, newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

// The action's points settings in the cabinet, the rule in the history, the level and expiry in the Mini App (issue 28).

const p = messages.points;
const s = messages.actionScreens;
const rs = messages.receiptScreens;
const WB_SELLER = '072196655529';
const PRICE = BILLING_DEFAULTS.project_subscription_price;
const { withPage } = useBrowser();

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const pointsSection = (page: Page) => page.locator('details', { has: page.locator('summary', { hasText: /^Баллы$/ }) });
const level = (page: Page, number: number) => page.getByRole('group', { name: fillMessage(p.levelLegend, { number }), exact: true });
/** The message shown under a field (its aria-describedby). */
const messageOf = async (input: Locator) => {
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').map((id) => input.page().locator(`[id="${id}"]`).innerText()));
  return texts.map(plainSpaces);
};
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement | null;
    return input?.labels?.[0]?.textContent ?? null;
  });
const receiptCards = (page: Page) =>
  page.getByRole('region', { name: messages.receiptScreens.actionHistoryTitle, exact: true }).getByRole('article');
const factOf = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

async function activatedSeller(page: Page): Promise<Seller> {
  const seller = await createFundedSeller(baseUrl(), PRICE + 100);
  await signInAs(page, seller);
  return seller;
}

async function openCreateForm(page: Page): Promise<void> {
  await page.goto('/dashboard/action/create');
  await field(page, s.nameLabel).fill('Уровни');
  await field(page, s.innsLabel).fill(WB_SELLER);
  await page.locator('summary', { hasText: /^Баллы$/ }).click();
}

describe('the action’s points settings in the cabinet', () => {
  it('a seller sets lifetime, reminder, repeat percent and two levels, sees them again, and the history names each receipt’s rule', () =>
    withPage(async (page) => {
      const seller = await activatedSeller(page);
      await openCreateForm(page);
      const section = pointsSection(page);
      expect(await field(section, p.lifetimeLabel).inputValue()).toBe('0');
      expect(await messageOf(field(section, p.lifetimeLabel))).toEqual([p.lifetimeHint]);
      expect(await field(section, p.reminderLabel).inputValue()).toBe('7');
      expect(await field(section, p.repeatPercentLabel).inputValue()).toBe('');
      await field(section, p.lifetimeLabel).fill('30');
      await field(section, p.reminderLabel).fill('3');
      await field(section, p.repeatPercentLabel).fill('20');

      // The first level: its threshold is fixed at 0 and its percent is the action's, kept in step with it.
      await button(section, p.addLevel).click();
      expect(await focusedLabel(page)).toBe(p.levelNameLabel);
      await page.keyboard.type('Базовый');
      expect(await field(level(page, 1), p.levelThresholdLabel).inputValue()).toBe('0');
      expect(await field(level(page, 1), p.levelThresholdLabel).getAttribute('readonly')).not.toBeNull();
      expect(await field(level(page, 1), p.levelPercentLabel).getAttribute('readonly')).not.toBeNull();
      await field(page, s.percentLabel).fill('8');
      expect(await field(level(page, 1), p.levelPercentLabel).inputValue()).toBe('8');
      await field(page, s.percentLabel).fill('10');
      expect(await field(level(page, 1), p.levelPercentLabel).inputValue()).toBe('10');

      await button(section, p.addLevel).click();
      await field(level(page, 2), p.levelNameLabel).fill('Золотой');
      await field(level(page, 2), p.levelThresholdLabel).fill('1000');
      await field(level(page, 2), p.levelPercentLabel).fill('15');
      // The first level cannot be removed while another follows it.
      expect(await button(level(page, 1), fillMessage(p.removeLevelNamed, { number: 1 })).count()).toBe(0);
      expect(await seriousViolations(page, { include: '.levels-editor' })).toEqual([]);

      await button(page, s.createSubmit).click();
      await page.getByRole('dialog', { name: s.createConfirmTitle }).getByRole('button', { name: s.confirm, exact: true }).click();
      await page.waitForURL(/\/dashboard\/action\/\d+$/);
      const actionId = Number(new URL(page.url()).pathname.split('/').pop());
      expect((await seller.api.get(`/projects/${actionId}`)).body.project).toMatchObject({
        points_lifetime_days: 30,
        expiry_reminder_days: 3,
        repeat_points_percentage: 20,
        levels: [
          { name: 'Базовый', min_sum: 0, points_percentage: 10 },
          { name: 'Золотой', min_sum: 1000, points_percentage: 15 },
        ],
      });

      // Two demo receipts of one shopper: the first at the base level's percent (the action's), the second at the higher repeat percent.
      for (let i = 0; i < 2; i++) {
        await button(page, rs.demoReceipt).click();
        await expect.poll(() => page.getByLabel(rs.qrLabel).inputValue()).toMatch(/^t=/);
        await button(page, rs.checkSubmit).click();
        await expect.poll(() => receiptCards(page).count()).toBe(i + 1);
        await page.getByLabel(rs.qrLabel).fill('');
      }
      const cards = receiptCards(page);
      expect(plainSpaces(await factOf(cards.nth(0), p.ruleField).innerText())).toBe('Повторная покупка, 20 %');
      expect(plainSpaces(await factOf(cards.nth(1), p.ruleField).innerText())).toBe('Уровень «Базовый», 10 %');

      // Reopened, the form shows what was saved.
      await page.goto(`/dashboard/action/${actionId}/edit`);
      await page.locator('summary', { hasText: /^Баллы$/ }).click();
      expect(await field(section, p.lifetimeLabel).inputValue()).toBe('30');
      expect(await field(section, p.reminderLabel).inputValue()).toBe('3');
      expect(await field(section, p.repeatPercentLabel).inputValue()).toBe('20');
      expect(await field(level(page, 1), p.levelNameLabel).inputValue()).toBe('Базовый');
      expect(await field(level(page, 1), p.levelPercentLabel).inputValue()).toBe('10');
      expect(await field(level(page, 2), p.levelNameLabel).inputValue()).toBe('Золотой');
      expect(await field(level(page, 2), p.levelThresholdLabel).inputValue()).toBe('1000');
      expect(await field(level(page, 2), p.levelPercentLabel).inputValue()).toBe('15');

      // Removing the second level and saving leaves the one level.
      await button(level(page, 2), fillMessage(p.removeLevelNamed, { number: 2 })).click();
      expect(await focusedLabel(page)).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(p.addLevel);
      await button(page, s.save).click();
      await page.getByRole('status').getByText(messages.actions.updated, { exact: true }).waitFor();
      expect((await seller.api.get(`/projects/${actionId}`)).body.project.levels).toEqual([
        { name: 'Базовый', min_sum: 0, points_percentage: 10 },
      ]);
    }));

  it('a wrong value is shown at its field with its message, focused, and nothing is created', () =>
    withPage(async (page) => {
      const seller = await activatedSeller(page);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/lk/api/projects') sent.push(request.url());
      });
      await openCreateForm(page);
      const section = pointsSection(page);
      await field(section, p.lifetimeLabel).fill('3651');
      await button(section, p.addLevel).click();
      await field(level(page, 1), p.levelNameLabel).fill('Базовый');
      await button(section, p.addLevel).click();
      await field(level(page, 2), p.levelNameLabel).fill('Золотой');
      await field(level(page, 2), p.levelThresholdLabel).fill('0');
      await field(level(page, 2), p.levelPercentLabel).fill('101');
      // The section folded away: the error opens it again.
      await page.locator('summary', { hasText: /^Баллы$/ }).click();

      await button(page, s.createSubmit).click();
      await section.getByText(p.lifetimeRange, { exact: true }).waitFor();
      expect(await focusedLabel(page)).toBe(p.lifetimeLabel);
      expect(await field(section, p.lifetimeLabel).getAttribute('aria-invalid')).toBe('true');
      expect(await messageOf(field(level(page, 2), p.levelThresholdLabel))).toEqual([p.levelThresholdsIncrease]);
      expect(await messageOf(field(level(page, 2), p.levelPercentLabel))).toEqual([p.levelPercentRange]);

      // With the lifetime right, the first wrong input of the levels takes focus.
      await field(section, p.lifetimeLabel).fill('30');
      await button(page, s.createSubmit).click();
      await expect.poll(() => focusedLabel(page)).toBe(p.levelThresholdLabel);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(sent).toEqual([]);
      expect((await seller.api.get('/projects')).body.projects).toEqual([]);
    }));

  it('the levels editor fits a phone: five rows at most, no sideways scrolling', () =>
    withPage(async (page) => {
      await activatedSeller(page);
      await openCreateForm(page);
      const section = pointsSection(page);
      for (let i = 0; i < 5; i++) await button(section, p.addLevel).click();
      expect(await section.getByRole('group', { name: /^Уровень \d$/ }).count()).toBe(5);
      expect(await button(section, p.addLevel).count()).toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await button(level(page, 5), fillMessage(p.removeLevelNamed, { number: 5 })).click();
      expect(await button(section, p.addLevel).count()).toBe(1);
    }, MOBILE));
});

describe('the Mini App with levels and expiring points', () => {
  it('shows the shopper’s level and the points that expire soonest under the balance', async () => {
    const seller = await createFundedSeller(baseUrl(), PRICE + 100);
    const created = await seller.api.post('/projects', {
      name: 'Aurora',
      project_inns: WB_SELLER,
      points_lifetime_days: 30,
      levels: [
        { name: 'Базовый', min_sum: 0, points_percentage: 10 },
        { name: 'Золотой', min_sum: 1000, points_percentage: 15 },
      ],
    });
    const projectId = created.body.project_id as number;
    const botToken = newBotToken().token;
    await seller.api.post('/mailing/settings', { bot_token: botToken });
    const { settings } = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body;
    const buyer = newChatId();
    const checked = await seller.api.post('/check', {
      qrurl: await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics')),
      project_id: projectId,
      user_id_tg: buyer,
    });
    if (!checked.body.success) throw new Error(checked.text);
    const expiry = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });

    await withPage(async (page) => {
      const initData = signInitData({ id: Number(buyer), first_name: 'Ира' }, botToken, new Date());
      await page.goto(
        `/shop/${settings.token}#${new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'weba' })}`,
      );
      await page.getByText(`${t.balance}: 178 баллов`).waitFor();
      await page.getByText('Ваш уровень: «Золотой» (15 % баллами)').waitFor();
      // Earned just now, 30 days' lifetime (the day as Moscow reads it).
      const day = expiry.format(new Date(Date.now() + 30 * 86_400_000));
      await page.getByText(`178 баллов сгорят ${day}`).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE);
  });
});
