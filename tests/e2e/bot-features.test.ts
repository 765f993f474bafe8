import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { BOT_FEATURE_GUIDES, BOT_FEATURE_KEYS } from '../../src/contract/bot-features.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { REFERRAL_REFUSAL_LABELS, REFERRAL_STATUS_LABELS } from '../../src/contract/referral.js';
import type { Seller } from '../support/api-client.js';
import { actionWithBot, shopperSays } from '../support/bot.js';
import { createFundedSeller } from '../support/operator.js';
import { newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const f = messages.botFeatures;
const p = messages.botFeaturesPage;
const WB_SELLER = '072196655529';
const { withPage } = useBrowser();

async function sellerWithAction(page: Page): Promise<{ seller: Seller; actionId: number }> {
  const seller = await createFundedSeller(baseUrl(), BILLING_DEFAULTS.project_subscription_price + 100);
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
  if (created.status !== 201) throw new Error(created.text);
  await signInAs(page, seller);
  return { seller, actionId: created.body.project_id };
}

const section = (page: Page) => page.getByRole('region', { name: f.title, exact: true });
const fn = (page: Page, name: string) => section(page).getByRole('group', { name, exact: true });
const setUp = (page: Page, name: string) => section(page).getByRole('button', { name: fillMessage(p.setUpLabel, { name }), exact: true });
/** «Настроить» on a function's card: its switch and numbers show. */
async function openSettings(page: Page, name: string): Promise<void> {
  await setUp(page, name).click();
  await fn(page, name).getByRole('checkbox', { name: p.enabled }).waitFor();
}

describe('the action page’s «Функции бота»', () => {
  it('a card per function shows its state and line, its settings one click away; wrong numbers are told at their fields, the rest saved and found after a reload', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      await page.goto(`/dashboard/action/${actionId}`);
      // Open without a click: every function of the contract's list, its state and what it does.
      for (const key of BOT_FEATURE_KEYS) {
        const guide = BOT_FEATURE_GUIDES[key];
        await fn(page, guide.name).getByText(p.stateOff, { exact: true }).waitFor();
        await fn(page, guide.name).getByText(guide.summary, { exact: true }).waitFor();
        expect(await setUp(page, guide.name).getAttribute('aria-expanded')).toBe('false');
      }
      const referral = fn(page, f.nameReferral);
      expect(await referral.getByRole('checkbox', { name: p.enabled }).isVisible()).toBe(false);

      await openSettings(page, f.nameReferral);
      expect(await setUp(page, f.nameReferral).getAttribute('aria-expanded')).toBe('true');
      expect(await referral.getByRole('checkbox', { name: p.enabled }).isChecked()).toBe(false);
      expect(await referral.getByLabel(p.referrerPoints).inputValue()).toBe('100');

      await referral.getByRole('checkbox', { name: p.enabled }).check();
      await referral.getByLabel(p.referrerPoints).fill('150');
      await referral.getByLabel(p.monthlyCap).fill('-1');
      // Typed, not saved: the card still says what the bot does now.
      await referral.getByText(p.stateOff, { exact: true }).waitFor();
      await openSettings(page, f.nameDailyBonus);
      const daily = fn(page, f.nameDailyBonus);
      await daily.getByRole('checkbox', { name: p.enabled }).check();
      await daily.getByLabel(p.dailyMin).fill('20');
      await daily.getByLabel(p.dailyMax).fill('10');
      // A card folded again with a wrong number opens when the save is refused.
      await setUp(page, f.nameReferral).click();
      await referral.getByLabel(p.monthlyCap).waitFor({ state: 'hidden' });
      await section(page).getByRole('button', { name: p.save, exact: true }).click();

      // Each message at its own field; the first wrong one takes the focus; nothing was saved.
      await referral.getByText(f.monthlyCapInvalid, { exact: true }).waitFor();
      await daily.getByText(f.dailyRangeInvalid, { exact: true }).waitFor();
      expect(await referral.getByLabel(p.monthlyCap).evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await daily.getByLabel(p.dailyMax).getAttribute('aria-invalid')).toBe('true');
      expect((await seller.api.get(`/projects/${actionId}/features`)).body.features.referral.enabled).toBe(false);

      await referral.getByLabel(p.monthlyCap).fill('0');
      await daily.getByLabel(p.dailyMax).fill('30');
      await openSettings(page, f.nameReviews);
      await fn(page, f.nameReviews).getByRole('checkbox', { name: p.enabled }).check();
      await section(page).getByRole('button', { name: p.save, exact: true }).click();
      await section(page).getByText(f.saved, { exact: true }).waitFor();
      expect(await referral.getByText(f.monthlyCapInvalid).count()).toBe(0);
      await referral.getByText(p.stateOn, { exact: true }).waitFor();
      await fn(page, f.nameBirthday).getByText(p.stateOff, { exact: true }).waitFor();

      const saved = (await seller.api.get(`/projects/${actionId}/features`)).body.features;
      expect(saved).toMatchObject({
        referral: { enabled: true, referrer_points: 150, friend_points: 50, monthly_cap: 0 },
        daily_bonus: { enabled: true, min_points: 20, max_points: 30 },
        reviews: { enabled: true, points: 50 },
        birthday: { enabled: false },
        photos: { enabled: false },
      });

      await page.reload();
      for (const name of [f.nameReferral, f.nameDailyBonus, f.nameReviews])
        await fn(page, name).getByText(p.stateOn, { exact: true }).waitFor();
      await openSettings(page, f.nameReferral);
      expect(await fn(page, f.nameReferral).getByLabel(p.referrerPoints).inputValue()).toBe('150');
      await openSettings(page, f.nameReviews);
      expect(await fn(page, f.nameReviews).getByText(p.reviewsHint, { exact: true }).count()).toBe(1);

      const link = (name: string) => section(page).getByRole('link', { name, exact: true }).getAttribute('href');
      expect(await link(p.surveysLink)).toBe(`/dashboard/action/${actionId}/surveys`);
      expect(await link(p.drawsLink)).toBe(`/dashboard/action/${actionId}/draws`);
      expect(await link(p.moderationLink)).toBe(`/dashboard/moderation?project_id=${actionId}`);
      expect(await link(messages.engagement.title)).toBe(`/dashboard/action/${actionId}/engagement`);
    }));

  it('works on a phone and by keyboard: no sideways scrolling, every control labelled', () =>
    withPage(async (page) => {
      const { actionId } = await sellerWithAction(page);
      await page.goto(`/dashboard/action/${actionId}`);
      await setUp(page, f.namePhotos).focus();
      await page.keyboard.press('Enter');
      const photos = fn(page, f.namePhotos);
      await photos.getByLabel(p.photosPoints).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.bot-features' })).toEqual([]);
      // Tab goes from «Настроить» to the function's switch, and from the switch to its first number.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await photos.getByRole('checkbox', { name: p.enabled }).isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await photos.getByLabel(p.photosPoints).evaluate((input) => input === document.activeElement)).toBe(true);
    }, MOBILE));

  it('sets up the daily bonus’s wheel of fortune on a phone: sectors of points or a promo code, a wrong wheel told and not saved', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      await page.goto(`/dashboard/action/${actionId}`);
      await openSettings(page, f.nameDailyBonus);
      const daily = fn(page, f.nameDailyBonus);
      await daily.getByRole('checkbox', { name: p.enabled }).check();
      const sector = (number: number) => daily.getByRole('group', { name: fillMessage(p.sectorLegend, { number }), exact: true });
      await daily.getByRole('button', { name: p.addSector, exact: true }).click();
      await sector(1).getByLabel(p.sectorLabel).fill('50 баллов');
      await sector(1).getByLabel(p.sectorPoints).fill('50');
      await sector(1).getByLabel(p.sectorWeight).fill('3');
      await section(page).getByRole('button', { name: p.save, exact: true }).click();
      await daily.getByText(f.wheelSectorsCount, { exact: true }).waitFor();
      expect((await seller.api.get(`/projects/${actionId}/features`)).body.features.daily_bonus.enabled).toBe(false);

      await daily.getByRole('button', { name: p.addSector, exact: true }).click();
      await sector(2).getByLabel(p.sectorLabel).fill('Промокод');
      await sector(2).getByLabel(p.sectorPrize).selectOption({ label: p.prizePromoCode });
      expect(await sector(2).getByLabel(p.sectorPoints).count()).toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.bot-features' })).toEqual([]);
      await section(page).getByRole('button', { name: p.save, exact: true }).click();
      await section(page).getByText(f.saved, { exact: true }).waitFor();
      expect((await seller.api.get(`/projects/${actionId}/features`)).body.features.daily_bonus).toMatchObject({
        enabled: true,
        wheel: [
          { label: '50 баллов', points: 50, weight: 3 },
          { label: 'Промокод', promo_code: true, weight: 1 },
        ],
      });
    }, MOBILE));

  it('on a phone the seller moves a button of the bot’s menu up and saves the order', () =>
    withPage(async (page) => {
      const { seller, actionId } = await sellerWithAction(page);
      const on = { enabled: true };
      await seller.api.request('PUT', `/projects/${actionId}/features`, { body: { referral: on, birthday: on, support: on } });
      await page.goto(`/dashboard/action/${actionId}`);
      const order = section(page).getByRole('region', { name: f.menuOrderTitle, exact: true });
      const entries = order.getByRole('listitem');
      await entries.first().waitFor();
      expect(await entries.allInnerTexts()).toEqual(
        [f.nameReferral, f.nameBirthday, messages.support.button].map((text) => expect.stringContaining(text)),
      );
      await order.getByRole('button', { name: fillMessage(f.menuOrderUp, { text: messages.support.button }), exact: true }).click();
      await order.getByRole('button', { name: fillMessage(f.menuOrderUp, { text: messages.support.button }), exact: true }).click();
      expect(
        await order.getByRole('button', { name: fillMessage(f.menuOrderUp, { text: messages.support.button }), exact: true }).isDisabled(),
      ).toBe(true);
      await order.getByRole('button', { name: f.menuOrderSave, exact: true }).click();
      await order.getByText(f.menuOrderSaved, { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.bot-features' })).toEqual([]);
      const saved = await seller.api.get(`/projects/${actionId}/bot-menu`);
      expect(saved.body.entries.map((entry: { text: string }) => entry.text)).toEqual([
        messages.support.button,
        f.nameReferral,
        f.nameBirthday,
      ]);
    }, MOBILE));

  it('the buyer card lists who invited whom, with each invitation’s status and why it was refused', () =>
    withPage(async (page) => {
      const url = baseUrl();
      const bot = await actionWithBot(url);
      await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { referral: { enabled: true } } });
      const inviter = newChatId();
      await shopperSays(url, bot, inviter, { text: '/start' });
      const [answer] = await shopperSays(url, bot, inviter, { press: f.nameReferral });
      const code = answer!.text!.match(/start=r_([\w-]+)/)![1]!;
      const friend = newChatId();
      await shopperSays(url, bot, friend, { text: `/start r_${code}` });
      await shopperSays(url, bot, inviter, { text: `/start r_${code}` });

      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/buyers/${inviter}?project_id=${bot.projectId}`);
      const invitations = page.getByRole('region', { name: messages.referral.cardTitle, exact: true });
      const joined = invitations.getByRole('row').filter({ hasText: `Ира (${friend})` });
      await joined.getByText(REFERRAL_STATUS_LABELS.joined, { exact: true }).waitFor();
      const self = invitations.getByRole('row').filter({ hasText: REFERRAL_STATUS_LABELS.refused });
      await self.getByText(`${REFERRAL_STATUS_LABELS.refused}: ${REFERRAL_REFUSAL_LABELS.self}`, { exact: true }).waitFor();
    }));
});
