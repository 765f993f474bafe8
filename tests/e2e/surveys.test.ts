import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { actionWithBot, shopperSays } from '../support/bot.js';
import { newChatId } from '../support/telegram.js';
import { MOBILE, baseUrl, hasHorizontalOverflow, seriousViolations, signInAs, useBrowser } from './helpers.js';

const m = messages.surveys;
const { withPage } = useBrowser();

const builderOf = (page: Page) => page.getByRole('region', { name: m.builderTitle, exact: true });
const questionOf = (page: Page, n: number) =>
  builderOf(page).getByRole('group', { name: fillMessage(m.questionLabel, { n }), exact: true });

async function fillQuestion(page: Page, n: number, text: string, options: string[]): Promise<void> {
  const question = questionOf(page, n);
  await question.getByLabel(m.questionTextLabel, { exact: true }).fill(text);
  for (const [index, option] of options.entries())
    await question.getByLabel(fillMessage(m.optionLabel, { n: index + 1 }), { exact: true }).fill(option);
}

describe('surveys and quizzes in the cabinet', () => {
  it('a seller builds a quiz in the builder, publishes it, and sees a shopper’s answers, score and CSV', () =>
    withPage(async (page) => {
      const bot = await actionWithBot(baseUrl());
      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/action/${bot.projectId}`);
      // The action page offers it inside «Функции бота».
      await page.getByRole('heading', { name: messages.botFeatures.title, exact: true }).click();
      await page.getByRole('link', { name: m.pageTitle, exact: true }).click();
      await page.getByRole('heading', { name: m.pageTitle, level: 1 }).waitFor();
      await page.getByText(m.empty, { exact: true }).waitFor();

      await page.getByRole('button', { name: m.newSurvey, exact: true }).click();
      const builder = builderOf(page);
      await builder.getByLabel(m.titleLabel).fill('Знаете Aurora?');
      await builder.getByLabel(m.kindLabel).selectOption({ label: m.kindQuiz });
      await builder.getByLabel(m.pointsQuizLabel).fill('5');
      await fillQuestion(page, 1, 'Главный продукт?', ['Крем', 'Шампунь']);
      await questionOf(page, 1).getByRole('radio', { name: m.correctLabel }).first().check();
      await builder.getByRole('button', { name: m.addQuestion, exact: true }).click();
      await fillQuestion(page, 2, 'Страна?', ['Россия', 'Франция']);
      // A third option added and removed again leaves two.
      await questionOf(page, 2).getByRole('button', { name: m.addOption, exact: true }).click();
      await questionOf(page, 2)
        .getByRole('button', { name: fillMessage(m.removeOption, { n: 3, q: 2 }) })
        .click();

      // The second question has no right option yet: the shared schema says so before anything is sent.
      await builder.getByRole('button', { name: m.save, exact: true }).click();
      await builder
        .getByRole('alert')
        .getByText(fillMessage(m.quizCorrectInvalid, { n: 2 }), { exact: true })
        .waitFor();
      await questionOf(page, 2).getByRole('radio', { name: m.correctLabel }).first().check();
      await builder.getByRole('button', { name: m.save, exact: true }).click();
      await page.getByText(m.created, { exact: true }).waitFor();

      const card = page.getByRole('article', { name: 'Знаете Aurora?' });
      await card.getByText(m.statusDraft, { exact: true }).waitFor();
      await card.getByText(fillMessage(m.summary, { kind: m.kindQuiz, questions: 2, points: 5 }), { exact: true }).waitFor();
      await card.getByRole('button', { name: m.publish, exact: true }).click();
      await page.getByText(fillMessage(m.published, { title: 'Знаете Aurora?' }), { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: m.edit }).count()).toBe(0);

      // A shopper takes it in the bot: one right answer of two.
      const chat = newChatId();
      await shopperSays(baseUrl(), bot, chat, { text: '/start' });
      await shopperSays(baseUrl(), bot, chat, { press: 'Знаете Aurora?' });
      await shopperSays(baseUrl(), bot, chat, { press: 'Крем' });
      await shopperSays(baseUrl(), bot, chat, { press: 'Франция' });

      await page.reload();
      await card.getByRole('button', { name: m.showResults, exact: true }).click();
      await card
        .getByText(fillMessage(m.takers, { completed: 1, participants: 1 }), { exact: true })
        .first()
        .waitFor();
      const participants = card.getByRole('region', { name: m.participantsTitle, exact: true });
      const row = participants.getByRole('row').filter({ hasText: 'Ира' });
      await row.waitFor();
      expect(await row.getByRole('cell').allInnerTexts()).toEqual(['Ира', '2 / 2', expect.any(String), '1', '5']);
      expect(
        await card
          .getByRole('listitem')
          .filter({ hasText: `Крем ${m.rightOption}` })
          .last()
          .innerText(),
      ).toMatch(/1$/);

      const downloading = page.waitForEvent('download');
      await card.getByRole('button', { name: messages.exports.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^scanapp-survey-\\d+-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const rows = parse(await readFile((await download.path())!), { bom: true, delimiter: ';' }) as string[][];
      expect(rows.map((line) => line.slice(2, 5))).toEqual([
        [m.csvQuestion, m.csvAnswer, m.csvCorrect],
        ['1. Главный продукт?', 'Крем', m.csvYes],
        ['2. Страна?', 'Франция', m.csvNo],
      ]);
    }));

  it('the builder works on a phone: a free-text question, no sideways scrolling, no serious accessibility problems', () =>
    withPage(async (page) => {
      const bot = await actionWithBot(baseUrl());
      await signInAs(page, bot.seller);
      await page.goto(`/dashboard/action/${bot.projectId}/surveys`);
      await page.getByRole('button', { name: m.newSurvey, exact: true }).click();
      const builder = builderOf(page);
      await builder.getByLabel(m.titleLabel).fill('Ваше мнение');
      await builder.getByLabel(m.pointsSurveyLabel).fill('20');
      await questionOf(page, 1).getByLabel(m.questionTextLabel, { exact: true }).fill('Что улучшить?');
      // Without options the shopper answers in their own words.
      await questionOf(page, 1)
        .getByRole('button', { name: fillMessage(m.removeOption, { n: 2, q: 1 }) })
        .click();
      await questionOf(page, 1)
        .getByRole('button', { name: fillMessage(m.removeOption, { n: 1, q: 1 }) })
        .click();
      await questionOf(page, 1).getByText(m.freeTextNote, { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.surveys-page' })).toEqual([]);

      await builder.getByRole('button', { name: m.save, exact: true }).click();
      await page.getByText(m.created, { exact: true }).waitFor();
      const card = page.getByRole('article', { name: 'Ваше мнение' });
      await card.getByRole('button', { name: m.publish, exact: true }).click();
      await page.getByText(fillMessage(m.published, { title: 'Ваше мнение' }), { exact: true }).waitFor();
      await card.getByRole('button', { name: m.showResults, exact: true }).click();
      await card.getByText(m.resultsEmpty, { exact: true }).waitFor();

      // A shopper's typed answer, with a long word, shows in the results without widening the page.
      const chat = newChatId();
      await shopperSays(baseUrl(), bot, chat, { text: '/start' });
      await shopperSays(baseUrl(), bot, chat, { press: 'Ваше мнение' });
      await shopperSays(baseUrl(), bot, chat, { text: 'Большеобъёмаипожалуйстасделайтеупаковкупрочнее' });
      await page.reload();
      await card.getByRole('button', { name: m.showResults, exact: true }).click();
      await card.getByText('«Большеобъёмаипожалуйстасделайтеупаковкупрочнее» — Ира', { exact: true }).waitFor();
      await card.getByRole('region', { name: m.participantsTitle, exact: true }).getByText('Ира', { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.surveys-page' })).toEqual([]);

      // Closed after a confirmation: listed apart under «Закрытые», its results still there, no «Закрыть» any more.
      await card.getByRole('button', { name: m.close, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: m.close });
      await dialog.getByText(fillMessage(m.closeConfirm, { title: 'Ваше мнение' }), { exact: true }).waitFor();
      await dialog.getByRole('button', { name: m.close, exact: true }).click();
      await page.getByText(fillMessage(m.closed, { title: 'Ваше мнение' }), { exact: true }).waitFor();
      const closed = page.getByRole('region', { name: m.closedTitle, exact: true }).getByRole('article', { name: 'Ваше мнение' });
      await closed.getByText(new RegExp(`^${m.statusClosed.replace(' {date}', '')} `)).waitFor();
      expect(await closed.getByRole('button', { name: m.close, exact: true }).count()).toBe(0);
      await closed.getByRole('button', { name: m.showResults, exact: true }).click();
      await closed.getByRole('region', { name: m.participantsTitle, exact: true }).getByText('Ира', { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      expect(await seriousViolations(page, { include: '.surveys-page' })).toEqual([]);
    }, MOBILE));
});
