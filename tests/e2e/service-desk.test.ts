import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { actionWithBot, shopperSays } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.serviceDesk;
const { withPage } = useBrowser();
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 10 * BILLING_DEFAULTS.receipt_price_tier1;
const BODY_CREAM = 'Крем для тела увлажняющий от растяжек 200мл Aurora Cosmetics';

const faqPanel = (page: Page) => page.getByRole('region', { name: m.faqTitle, exact: true });
const rulesPanel = (page: Page) => page.getByRole('region', { name: m.rulesTitle, exact: true });
const questionOf = (page: Page, n: number) => faqPanel(page).getByRole('group', { name: fillMessage(m.faqLegend, { n }), exact: true });
const ruleOf = (page: Page, n: number) => rulesPanel(page).getByRole('group', { name: fillMessage(m.ruleLegend, { n }), exact: true });

async function addQuestion(page: Page, n: number, question: string, answer: string, link = ''): Promise<void> {
  await faqPanel(page).getByRole('button', { name: m.addQuestion, exact: true }).click();
  const item = questionOf(page, n);
  await item.getByLabel(m.questionLabel, { exact: true }).fill(question);
  await item.getByLabel(m.answerLabel, { exact: true }).fill(answer);
  if (link) await item.getByLabel(m.linkLabel).fill(link);
}

async function addRule(page: Page, n: number, match: string, months: string, guide: string): Promise<void> {
  await rulesPanel(page).getByRole('button', { name: m.addRule, exact: true }).click();
  const rule = ruleOf(page, n);
  await rule.getByLabel(m.matchLabel, { exact: true }).fill(match);
  await rule.getByLabel(m.monthsLabel).fill(months);
  await rule.getByLabel(m.guideLabel).fill(guide);
}

describe('the service desk screen', () => {
  it('a seller edits the questions (add, reorder, fix a bad link, remove) and a product rule, then finds the warranty a receipt brought', () =>
    withPage(async (page) => {
      const bot = await actionWithBot(baseUrl(), {}, FUNDS);
      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/action/${bot.projectId}`);
      await page.getByRole('heading', { name: messages.botFeatures.title, exact: true }).click();
      await page.getByRole('link', { name: m.featuresLink, exact: true }).click();
      await page.getByRole('heading', { name: m.pageTitle, level: 1 }).waitFor();
      await faqPanel(page).getByText(m.faqEmpty, { exact: true }).waitFor();
      await rulesPanel(page).getByText(m.rulesEmpty, { exact: true }).waitFor();

      await addQuestion(page, 1, 'Как начисляются баллы?', 'Сразу после проверки чека.');
      await addQuestion(page, 2, 'Где состав?', 'На упаковке.', 'aurora.example/sostav');
      await addQuestion(page, 3, 'Лишний вопрос?', 'Удалим.');
      await questionOf(page, 3)
        .getByRole('button', { name: fillMessage(m.removeQuestion, { n: 3 }) })
        .click();
      await questionOf(page, 2)
        .getByRole('button', { name: fillMessage(m.moveQuestionUp, { n: 2 }) })
        .click();
      await expect(questionOf(page, 1).getByLabel(m.questionLabel, { exact: true }).inputValue()).resolves.toBe('Где состав?');

      // The link has no scheme: the shared schema names the item before anything is sent.
      await faqPanel(page).getByRole('button', { name: m.saveFaq, exact: true }).click();
      await faqPanel(page)
        .getByRole('alert')
        .getByText(fillMessage(m.faqLinkInvalid, { n: 1 }), { exact: true })
        .waitFor();
      await questionOf(page, 1).getByLabel(m.linkLabel).fill('https://aurora.example/sostav');
      await faqPanel(page).getByRole('button', { name: m.saveFaq, exact: true }).click();
      await faqPanel(page).getByText(m.faqSaved, { exact: true }).waitFor();
      const stored = (await bot.seller.api.get(`/projects/${bot.projectId}/faq`)).body.items as { question: string; link: string | null }[];
      expect(stored.map(({ question, link }) => ({ question, link }))).toEqual([
        { question: 'Где состав?', link: 'https://aurora.example/sostav' },
        { question: 'Как начисляются баллы?', link: null },
      ]);

      await addRule(page, 1, 'крем для тела', '6', 'Наносите на чистую кожу. Видео: https://youtu.be/aurora');
      await rulesPanel(page).getByRole('button', { name: m.saveRules, exact: true }).click();
      await rulesPanel(page).getByText(m.rulesSaved, { exact: true }).waitFor();
      await page.reload();
      await expect(ruleOf(page, 1).getByLabel(m.matchLabel, { exact: true }).inputValue()).resolves.toBe('крем для тела');
      await expect(questionOf(page, 2).getByLabel(m.questionLabel, { exact: true }).inputValue()).resolves.toBe('Как начисляются баллы?');

      // A shopper's receipt with the cream brings a warranty; the seller finds it by the receipt's number.
      const chat = newChatId();
      await shopperSays(baseUrl(), bot, chat, { text: '/start' });
      await shopperSays(baseUrl(), bot, chat, { text: await registerReceipt(baseUrl(), freshReceipt('wb-aurora-cosmetics')) });
      const receiptId = await eventually(async () => {
        const found = await bot.seller.api.get(`/warranties?project_id=${bot.projectId}&buyer=${chat}`);
        return (found.body.warranties as { receipt_id: number }[])[0]?.receipt_id;
      });
      const search = page.getByRole('search', { name: m.searchTitle });
      await search.getByLabel(m.searchByLabel).selectOption({ label: m.searchByReceipt });
      await search.getByLabel(m.searchValueLabel).fill('чек');
      await search.getByRole('button', { name: m.searchButton, exact: true }).click();
      await search.getByText(m.searchValueInvalid, { exact: true }).waitFor();
      await search.getByLabel(m.searchValueLabel).fill(String(receiptId));
      await search.getByRole('button', { name: m.searchButton, exact: true }).click();
      const found = page.getByRole('region', { name: m.searchTitle, exact: true }).getByRole('row').filter({ hasText: BODY_CREAM });
      await found.waitFor();
      await found.getByText(m.stateActive, { exact: true }).waitFor();
      await search.getByLabel(m.searchValueLabel).fill(String(receiptId + 1000));
      await search.getByRole('button', { name: m.searchButton, exact: true }).click();
      await page.getByText(m.searchEmpty, { exact: true }).waitFor();

      // The buyer card lists it too.
      await page.goto(`/dashboard/buyers/${chat}?project_id=${bot.projectId}`);
      await page.getByRole('region', { name: m.cardTitle, exact: true }).getByRole('row').filter({ hasText: BODY_CREAM }).waitFor();
    }));

  it('works on a phone: questions and a rule are edited and saved without sideways scrolling or serious accessibility problems', () =>
    withPage(async (page) => {
      const bot = await actionWithBot(baseUrl());
      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/action/${bot.projectId}/service`);
      await faqPanel(page).getByText(m.faqEmpty, { exact: true }).waitFor();
      await addQuestion(page, 1, 'Можно ли вернуть товар?', 'Да, в течение 14 дней.', 'https://aurora.example/vozvrat');
      await addQuestion(page, 2, 'Есть доставка?', 'Доставляет маркетплейс.');
      await questionOf(page, 2).getByLabel(m.keywordsLabel).fill('доставк, курьер ,');
      await questionOf(page, 1)
        .getByRole('button', { name: fillMessage(m.moveQuestionDown, { n: 1 }) })
        .click();
      await faqPanel(page).getByRole('button', { name: m.saveFaq, exact: true }).click();
      await faqPanel(page).getByText(m.faqSaved, { exact: true }).waitFor();
      await addRule(page, 1, 'фен', '0', '');
      await rulesPanel(page).getByRole('button', { name: m.saveRules, exact: true }).click();
      await rulesPanel(page)
        .getByRole('alert')
        .getByText(fillMessage(m.ruleWarrantyInvalid, { n: 1 }), { exact: true })
        .waitFor();
      await ruleOf(page, 1).getByLabel(m.monthsLabel).fill('24');
      // The guide's PDF: a file that is not one is refused with the server's words, a real one is attached.
      await ruleOf(page, 1).getByLabel(m.fileKindLabel).selectOption({ label: m.fileKindPdf });
      const file = ruleOf(page, 1).getByLabel(fillMessage(m.fileChooseNamed, { n: 1 }));
      await file.setInputFiles({ name: 'фен.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>нет</html>') });
      await rulesPanel(page).getByText(m.fileNotPdf, { exact: true }).waitFor();
      await file.setInputFiles({ name: 'фен.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nинструкция') });
      await ruleOf(page, 1)
        .getByText(fillMessage(m.fileAttached, { name: 'фен.pdf' }), { exact: true })
        .waitFor();
      await rulesPanel(page).getByRole('button', { name: m.saveRules, exact: true }).click();
      await rulesPanel(page).getByText(m.rulesSaved, { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.service-page' })).toEqual([]);

      const saved = await bot.seller.api.get(`/projects/${bot.projectId}/faq`);
      expect(saved.body.items.map((item: { question: string; keywords: string[] }) => [item.question, item.keywords])).toEqual([
        ['Есть доставка?', ['доставк', 'курьер']],
        ['Можно ли вернуть товар?', []],
      ]);
      // The saved list comes back into the form as typed words.
      await page.reload();
      expect(await questionOf(page, 1).getByLabel(m.keywordsLabel).inputValue()).toBe('доставк, курьер');
      const rules = await bot.seller.api.get(`/projects/${bot.projectId}/product-rules`);
      expect(rules.body.rules).toEqual([
        { match: 'фен', guide: null, warranty_months: 24, attachment: { kind: 'pdf', upload_id: expect.any(Number) } },
      ]);
    }, MOBILE));
});
