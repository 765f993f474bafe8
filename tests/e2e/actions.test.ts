import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { createSeller, plainSpaces, type Seller } from '../support/api-client.js';
import { creditViaCli, createFundedSeller } from '../support/operator.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, pathnameOf, seriousViolations, signInAs, useBrowser, waitForPath } from './helpers.js';

const s = messages.actionScreens;
const m = messages.actions;
const INNS = '7707083893, 500100732259';
const { withPage } = useBrowser();

async function createActionViaApi(seller: Seller, name = 'Весенняя акция'): Promise<number> {
  const answer = await seller.api.post('/projects', { name, project_inns: INNS });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.text}`);
  return answer.body.project_id as number;
}

const actionsOf = async (seller: Seller) => (await seller.api.get('/projects')).body.projects as Array<Record<string, unknown>>;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const topBar = (page: Page) => page.getByRole('banner');
const alertText = async (page: Page) => plainSpaces(await page.getByRole('alert').first().innerText());

describe('an action from activation to deletion', () => {
  it('a seller activates, creates an action with the confirmation, sees it in the list, edits and deletes it', () =>
    withPage(async (page) => {
      const seller = await createSeller(baseUrl());
      await signInAs(page, seller);
      await creditViaCli(baseUrl(), seller.email, 23_500);
      await seller.api.post('/activate', { user_id: seller.id });

      // Activated, no action yet: the guided start above, SPEC's list with its empty state below.
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: messages.guidedStart.title }).waitFor();
      await page.getByText(m.empty, { exact: true }).waitFor();
      await page.getByText('3 500 ₽', { exact: true }).waitFor();

      // Create through the form and the confirmation dialog.
      await page.getByRole('link', { name: s.createAction }).click();
      await waitForPath(page, '/dashboard/action/create');
      await page.getByText(fillMessage(s.priceWarning, { price: '3 000 ₽', days: '30 дней' })).waitFor();
      expect(await field(page, s.percentLabel).inputValue()).toBe('10');
      expect(await field(page, s.validityLabel).inputValue()).toBe('60');
      // A receipt earns once unless the seller allows repeats.
      expect(await field(page, s.duplicatesLabel).isChecked()).toBe(true);
      await field(page, s.nameLabel).fill('Весенняя акция');
      await field(page, s.innsLabel).fill(` ${INNS} ,`);
      await field(page, s.percentLabel).fill('7.5');
      await page.getByText(s.sectionCommands, { exact: true }).click();
      await field(page, s.commandSuccessLabel).fill('Спасибо! Баллы начислены.');
      await button(page, s.createSubmit).click();

      const dialog = page.getByRole('dialog', { name: s.createConfirmTitle });
      await dialog.getByText(fillMessage(s.createConfirmText, { price: '3 000 ₽', days: '30 дней' })).waitFor();
      await dialog.getByRole('button', { name: s.confirm, exact: true }).click();

      await page.waitForURL(/\/dashboard\/action\/\d+$/);
      const actionId = Number(pathnameOf(page).split('/').pop());
      await page.getByRole('status').getByText('Акция создана. С баланса списано 3 000 ₽ за 30 дней.').waitFor();
      await heading(page, 'Весенняя акция').waitFor();
      await topBar(page).getByText('Акций: 1', { exact: true }).waitFor();
      await topBar(page).getByText('Цена чека: 8 ₽', { exact: true }).waitFor();
      await page.getByText('500 ₽', { exact: true }).waitFor();
      const [saved] = await actionsOf(seller);
      expect(saved).toMatchObject({
        id: actionId,
        project_inns: ['7707083893', '500100732259'],
        points_percentage: 7.5,
        check_duplicates: 1,
        receipt_validity_days: 60,
        command_success: 'Спасибо! Баллы начислены.',
      });

      // The create screen was replaced in history: going back lands on My actions.
      await page.goBack();
      await waitForPath(page, '/dashboard');
      const card = page.getByRole('article', { name: 'Весенняя акция' });
      await card.waitFor();
      const cardText = plainSpaces(await card.innerText());
      expect(cardText).toContain(INNS);
      expect(cardText).toContain('7,5 %');
      expect(cardText).toMatch(/Активна до \d\d\.\d\d\.\d{4}/);
      expect(cardText).toContain(String(actionId));

      // Edit from the card and save.
      await card.getByRole('link', { name: fillMessage(s.editNamed, { name: 'Весенняя акция' }) }).click();
      await waitForPath(page, `/dashboard/action/${actionId}/edit`);
      await field(page, s.nameLabel).fill('Летняя акция');
      await field(page, s.percentLabel).fill('12');
      await button(page, s.save).click();
      await page.getByRole('status').getByText(m.updated, { exact: true }).waitFor();
      expect((await actionsOf(seller))[0]).toMatchObject({
        name: 'Летняя акция',
        points_percentage: 12,
        project_inns: ['7707083893', '500100732259'],
      });

      // Delete from the card, after the confirmation.
      await page.getByRole('link', { name: messages.actionPage.backToActions }).click();
      await waitForPath(page, '/dashboard');
      const renamed = page.getByRole('article', { name: 'Летняя акция' });
      await renamed.getByRole('button', { name: fillMessage(s.deleteNamed, { name: 'Летняя акция' }) }).click();
      const confirm = page.getByRole('dialog', { name: s.deleteTitle });
      await confirm.getByText(m.deleteConfirm, { exact: true }).waitFor();
      await confirm.getByRole('button', { name: s.delete, exact: true }).click();
      await page.getByRole('status').getByText(m.deleted, { exact: true }).waitFor();
      await page.getByText(m.empty, { exact: true }).waitFor();
      expect(await renamed.count()).toBe(0);
      await topBar(page).getByText('Акций: 0', { exact: true }).waitFor();
      expect(await actionsOf(seller)).toEqual([]);
    }));
});

describe('the action page', () => {
  it('shows the action, renews it, names its API key by the last 4 characters, shows a new key once and copies it, and deletes it back to My actions', () =>
    withPage(async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const seller = await createFundedSeller(baseUrl(), 6_000);
      const id = await createActionViaApi(seller);
      await signInAs(page, seller);

      // A click anywhere on the card opens the action.
      await page.goto('/dashboard');
      await page.getByRole('article', { name: 'Весенняя акция' }).click({ position: { x: 8, y: 8 } });
      await waitForPath(page, `/dashboard/action/${id}`);
      await heading(page, 'Весенняя акция').waitFor();
      await page.getByText(/^Активна до \d\d\.\d\d\.\d{4}$/).waitFor();

      // The developer details are folded away until opened.
      const developers = page.getByText(messages.help.forDevelopers, { exact: true });
      expect(await page.getByText('POST /lk/api/check', { exact: false }).isVisible()).toBe(false);
      expect(await button(page, s.copyKey).isVisible()).toBe(false);
      await developers.click();

      // The key in use is named by its last 4 characters only; a new one is shown whole this once,
      // copied, after a confirmation, and the panel then names it.
      const { api_key_last4: last4 } = (await seller.api.get(`/projects/${id}`)).body.project;
      await page.getByText(fillMessage(s.keyEndsWith, { last4 }), { exact: true }).waitFor();
      await page.getByText('POST /lk/api/check', { exact: false }).waitFor();
      await button(page, s.regenerateKey).click();
      await page.getByRole('dialog', { name: s.regenerateTitle }).getByRole('button', { name: s.regenerateKey, exact: true }).click();
      await page.getByRole('status').getByText(m.apiKeyRegenerated, { exact: true }).waitFor();
      await page.getByText(s.newKeyShownOnce, { exact: true }).waitFor();
      await button(page, s.copyKey).click();
      await page.getByText(s.keyCopied, { exact: true }).waitFor();
      const newKey = await page.evaluate(() => navigator.clipboard.readText());
      await page.getByText(newKey, { exact: true }).waitFor();
      expect((await seller.api.get(`/projects/${id}`)).body.project.api_key_last4).toBe(newKey.slice(-4));
      await page.getByText(fillMessage(s.keyEndsWith, { last4: newKey.slice(-4) }), { exact: true }).waitFor();

      // Renew for another 30 days.
      await button(page, 'Продлить на 30 дней за 3 000 ₽').click();
      const renew = page.getByRole('dialog', { name: s.renewTitle });
      await renew.getByRole('button', { name: s.confirm, exact: true }).click();
      await page
        .getByRole('status')
        .getByText(/^Акция продлена до \d\d\.\d\d\.\d{4}\. С баланса списано 3\s000\s₽\.$/)
        .waitFor();
      // The sidebar's balance: the page itself also shows «0 ₽» in its charge summaries.
      await page
        .locator('.balance-card__amount')
        .filter({ hasText: /^0\s₽$/ })
        .waitFor();

      // Delete: back to My actions with the server's message.
      await button(page, s.deleteAction).click();
      await page.getByRole('dialog', { name: s.deleteTitle }).getByRole('button', { name: s.delete, exact: true }).click();
      await waitForPath(page, '/dashboard');
      await page.getByRole('status').getByText(m.deleted, { exact: true }).waitFor();
      await page.getByText(m.empty, { exact: true }).waitFor();
    }));

  it("an inactive action's card offers renewal for 30 days, and the keyboard opens the card", () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 6_100);
      const id = await createActionViaApi(seller, 'Осенняя акция');
      await signInAs(page, seller);
      // The server ends subscriptions by the clock; here the first list answer is made to show one that has ended.
      const status = 'Подписка закончилась 01.05.2030. Продлите акцию, чтобы снова принимать чеки.';
      await page.route(
        /\/lk\/api\/projects\?/,
        async (route) => {
          const response = await route.fetch();
          const body = await response.json();
          body.projects[0] = { ...body.projects[0], is_active: false, status_message: status };
          await route.fulfill({ response, json: body });
        },
        { times: 1 },
      );
      await page.goto('/dashboard');
      const card = page.getByRole('article', { name: 'Осенняя акция' });
      await card.getByText(status, { exact: true }).waitFor();
      await card.getByText(m.inactive, { exact: true }).waitFor();

      await card.getByRole('button', { name: 'Продлить на 30 дней за 3 000 ₽' }).click();
      const renew = page.getByRole('dialog', { name: s.renewTitle });
      await renew.getByText(fillMessage(s.renewText, { name: 'Осенняя акция', days: '30 дней', price: '3 000 ₽' })).waitFor();
      await renew.getByRole('button', { name: s.confirm, exact: true }).click();
      await page
        .getByRole('status')
        .getByText(/^Акция продлена до \d\d\.\d\d\.\d{4}\. С баланса списано 3\s000\s₽\.$/)
        .waitFor();
      await card.getByText(/^Активна до /).waitFor();
      expect(await card.getByRole('button', { name: /^Продлить/ }).count()).toBe(0);

      await card.getByRole('link', { name: 'Осенняя акция', exact: true }).focus();
      await page.keyboard.press('Enter');
      await waitForPath(page, `/dashboard/action/${id}`);
    }));

  it("another seller's or a missing action shows 'Акция не найдена' with a way back", () =>
    withPage(async (page) => {
      const owner = await createFundedSeller(baseUrl(), 3_000);
      const id = await createActionViaApi(owner);
      await signInAs(page, await createSeller(baseUrl()));
      await page.goto(`/dashboard/action/${id}`);
      await page.getByRole('alert').getByText(m.notFound, { exact: true }).waitFor();
      await page.getByRole('link', { name: messages.actionPage.backToActions }).click();
      await waitForPath(page, '/dashboard');
    }));
});

describe('an action whose seller cannot pay', () => {
  it('says «Приостановлена — пополните баланс» on its card and its page, with a top-up button, on a phone', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_000);
      const id = await createActionViaApi(seller, 'Летняя акция');
      await signInAs(page, seller);
      await page.goto('/dashboard');
      const card = page.getByRole('article', { name: 'Летняя акция' });
      await card.getByText(messages.actions.suspendedBadge, { exact: true }).waitFor();
      await card.getByText(messages.actions.suspended, { exact: true }).waitFor();
      expect(await card.getByText(/^Активна/).count()).toBe(0);
      await card.getByRole('button', { name: messages.actions.suspendedTopUp, exact: true }).click();
      await page.getByRole('dialog', { name: messages.topUpDialog.title }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`/dashboard/action/${id}`);
      await page.getByText(messages.actions.suspended, { exact: true }).waitFor();
      await page.getByRole('button', { name: messages.actions.suspendedTopUp, exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));
});

describe('refusals', () => {
  it('empty name, a 5-digit INN and 101 % show the field messages, and nothing is created', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_000);
      await signInAs(page, seller);
      await page.goto('/dashboard/action/create');
      await field(page, s.innsLabel).fill('12345');
      await field(page, s.percentLabel).fill('101');
      await button(page, s.createSubmit).click();

      await page.getByText(m.nameRequired, { exact: true }).waitFor();
      await page.getByText('ИНН «12345» некорректен: нужно 10 или 12 цифр', { exact: true }).waitFor();
      await page.getByText(m.pointsPercentRange, { exact: true }).waitFor();
      expect(await field(page, s.nameLabel).getAttribute('aria-invalid')).toBe('true');
      expect(await field(page, s.nameLabel).evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);

      await field(page, s.validityLabel).fill('0');
      await field(page, s.nameLabel).fill('Акция');
      await field(page, s.innsLabel).fill('7707083893');
      await field(page, s.percentLabel).fill('10');
      await button(page, s.createSubmit).click();
      await page.getByText(m.validityDaysMin, { exact: true }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await actionsOf(seller)).toEqual([]);
    }));

  it("without enough balance the server's message shows and the form keeps what was typed", () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 100);
      await signInAs(page, seller);
      await page.goto('/dashboard/action/create');
      await field(page, s.nameLabel).fill('Дорогая акция');
      await field(page, s.innsLabel).fill(INNS);
      await button(page, s.createSubmit).click();
      await page.getByRole('dialog', { name: s.createConfirmTitle }).getByRole('button', { name: s.confirm, exact: true }).click();

      await page.getByRole('alert').waitFor();
      expect(await alertText(page)).toContain(
        'Недостаточно средств на балансе: нужно 3 000 ₽, на балансе 100 ₽. Пополните баланс на 2 900 ₽.',
      );
      expect(pathnameOf(page)).toBe('/dashboard/action/create');
      expect(await field(page, s.nameLabel).inputValue()).toBe('Дорогая акция');
      expect(await field(page, s.innsLabel).inputValue()).toBe(INNS);
      expect(await actionsOf(seller)).toEqual([]);
    }));

  it('a seller who has not activated the account is sent to activation from the create screen', () =>
    withPage(async (page) => {
      await signInAs(page, await createSeller(baseUrl()));
      await page.goto('/dashboard/action/create');
      await page.getByText(m.notActivated, { exact: true }).waitFor();
      expect(await button(page, s.createSubmit).count()).toBe(0);
      await page.getByRole('link', { name: s.goToActivation }).click();
      await waitForPath(page, '/dashboard');
    }));

  it("the list's load failure shows 'Не удалось загрузить данные кабинета'", () =>
    withPage(async (page) => {
      await signInAs(page, await createFundedSeller(baseUrl(), 0));
      await page.route(/\/lk\/api\/projects\?/, (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/dashboard');
      await page.getByRole('alert').getByText(messages.common.dashboardLoadFailed, { exact: true }).waitFor();
    }));
});

describe('phone width and accessibility', () => {
  it('My actions, Create action and the action page fit 375 px', () =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_000);
      const id = await createActionViaApi(seller, 'Акция с очень длинным названием для проверки переносов на узком экране');
      await signInAs(page, seller);
      await page.goto('/dashboard');
      await page.getByRole('article').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.goto('/dashboard/action/create');
      await field(page, s.nameLabel).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.goto(`/dashboard/action/${id}/edit`);
      await field(page, s.nameLabel).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
    }, MOBILE));

  it.each([
    ['desktop', undefined],
    ['phone', MOBILE],
  ])('no serious or critical axe findings on My actions, Create action and the action page (%s)', (_name, viewport) =>
    withPage(async (page) => {
      const seller = await createFundedSeller(baseUrl(), 3_000);
      const id = await createActionViaApi(seller);
      await signInAs(page, seller);
      await page.goto('/dashboard');
      await page.getByRole('article').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/dashboard/action/create');
      await field(page, s.nameLabel).waitFor();
      await button(page, s.createSubmit).click();
      await page.getByText(m.nameRequired).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/dashboard/action/${id}/edit`);
      await field(page, s.nameLabel).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await button(page, s.deleteAction).click();
      await page.getByRole('dialog', { name: s.deleteTitle }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }, viewport),
  );
});
