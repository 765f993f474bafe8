import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperActs, shopperSays, WB_SELLER, type BotAction } from '../support/bot.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages, type EmulatedMessage } from '../support/telegram.js';

const m = messages.surveys;

const SURVEY = {
  title: 'Как вам крем?',
  kind: 'survey',
  points: 30,
  questions: [
    { text: 'Понравился ли запах?', options: ['Да, очень', 'Так себе'] },
    { text: 'Что улучшить?', options: [] },
    { text: 'Купите ещё?', options: ['Обязательно', 'Вряд ли'] },
  ],
};

const QUIZ = {
  title: 'Знаете ли вы Aurora?',
  kind: 'quiz',
  points: 10,
  questions: [
    { text: 'Год основания?', options: ['2015', '2019', '2021'], correct: 1 },
    { text: 'Главный продукт?', options: ['Крем', 'Шампунь'], correct: 0 },
    { text: 'Страна?', options: ['Россия', 'Франция'], correct: 0 },
  ],
};

async function created(seller: Seller, projectId: number, body: Record<string, unknown>): Promise<number> {
  const answer = await seller.api.post('/surveys', { project_id: projectId, ...body });
  if (answer.status !== 201) throw new Error(answer.text);
  return answer.body.survey.id;
}

async function published(seller: Seller, projectId: number, body: Record<string, unknown>): Promise<number> {
  const id = await created(seller, projectId, body);
  const answer = await seller.api.post(`/surveys/${id}/publish`);
  if (answer.status !== 200) throw new Error(answer.text);
  return id;
}

const lastText = (replies: EmulatedMessage[]) => replies.at(-1)?.text ?? '';
const buttonsOf = (reply: EmulatedMessage | undefined) =>
  ((reply?.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] })?.inline_keyboard ?? []).flat();
const ledgerOf = async (bot: BotAction, chat: string) => {
  const card = await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`);
  return (card.body.ledger as { kind: string; delta: number; reason: string }[]).map(({ kind, delta, reason }) => ({
    kind,
    delta,
    reason,
  }));
};
const question = (survey: typeof SURVEY | typeof QUIZ, n: number) =>
  fillMessage(m.question, { title: survey.title, n, total: survey.questions.length, text: survey.questions[n - 1]!.text });

/** A dialog is a dozen round trips through the emulator (as in bot.test.ts). */
const DIALOG = { timeout: 120_000 };

describe.each(backends())('surveys and quizzes on $name', (backend) => {
  const url = backend.url;

  it('a draft is not offered by the bot; once published it is a menu button and can no longer be edited', DIALOG, async () => {
    const bot = await actionWithBot(url);
    const draft = await bot.seller.api.post('/surveys', { project_id: bot.projectId, ...SURVEY });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      message: m.created,
      survey: { title: SURVEY.title, kind: 'survey', points: 30, published_at: null, participants: 0, completed: 0 },
    });
    expect(draft.body.survey.questions[1]).toEqual({ text: 'Что улучшить?', options: [], correct: null });
    const id = draft.body.survey.id as number;
    const chat = newChatId();
    expect(buttonsOf((await shopperSays(url, bot, chat, { text: '/menu' })).at(-1)).map((b) => b.text)).not.toContain(SURVEY.title);

    const edited = await bot.seller.api.request('PUT', `/surveys/${id}`, { body: { ...SURVEY, title: 'Про крем' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: m.updated, survey: { title: 'Про крем' } });

    const publish = await bot.seller.api.post(`/surveys/${id}/publish`);
    expect(publish.status).toBe(200);
    expect(publish.body.message).toBe(fillMessage(m.published, { title: 'Про крем' }));
    expect(publish.body.survey.published_at).toEqual(expect.any(String));
    const again = await bot.seller.api.post(`/surveys/${id}/publish`);
    expect(again.body.survey.published_at).toBe(publish.body.survey.published_at);

    const menu = (await shopperSays(url, bot, chat, { text: '/menu' })).at(-1);
    expect(buttonsOf(menu)).toContainEqual({ text: 'Про крем', callback_data: `survey:o:${id}` });

    const locked = await bot.seller.api.request('PUT', `/surveys/${id}`, { body: SURVEY });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(m.publishedLocked);
    const list = await bot.seller.api.get(`/surveys?project_id=${bot.projectId}`);
    expect(list.body.surveys).toHaveLength(1);
    expect(list.body.surveys[0]).toMatchObject({ id, title: 'Про крем', published_at: publish.body.survey.published_at });
  });

  it(
    'a survey resumed halfway goes on from the first unanswered question, takes a free-text answer, pays once and is refused the second time',
    DIALOG,
    async () => {
      const bot = await actionWithBot(url);
      const id = await published(bot.seller, bot.projectId, SURVEY);
      const chat = newChatId();

      await shopperSays(url, bot, chat, { text: '/start' });
      const first = await shopperSays(url, bot, chat, { press: SURVEY.title });
      expect(lastText(first)).toBe(question(SURVEY, 1));
      expect(buttonsOf(first.at(-1))).toEqual([
        { text: 'Да, очень', callback_data: `survey:a:${id}:0:0` },
        { text: 'Так себе', callback_data: `survey:a:${id}:0:1` },
      ]);
      const second = await shopperSays(url, bot, chat, { press: 'Так себе' });
      expect(lastText(second)).toBe(`${question(SURVEY, 2)}\n\n${m.freeTextHint}`);

      // The shopper leaves for the menu and comes back: the survey resumes at the free-text question.
      await shopperSays(url, bot, chat, { text: '/menu' });
      const resumed = await shopperSays(url, bot, chat, { press: SURVEY.title });
      expect(lastText(resumed)).toBe(`${question(SURVEY, 2)}\n\n${m.freeTextHint}`);
      // An old button of the answered first question is dropped without an answer (nor a count toward the flood guard).
      const beforeOld = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
      await shopperActs(url, bot.botId, chat, { press: 'Да, очень' });
      const third = await shopperSays(url, bot, chat, { text: '  Больше объёма  ' });
      expect(lastText(third)).toBe(question(SURVEY, 3));
      expect((await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).slice(beforeOld).map((reply) => reply.text)).toEqual([
        question(SURVEY, 3),
      ]);
      const done = await shopperSays(url, bot, chat, { press: 'Обязательно' });
      expect(lastText(done)).toBe(
        `${fillMessage(m.surveyDone, { title: SURVEY.title })}\n${fillMessage(m.earned, { points: 30, balance: 30 })}`,
      );

      // Counted once: the survey again, and the last button pressed again (as a redelivery would), pay nothing.
      const refused = fillMessage(m.alreadyTaken, { title: SURVEY.title });
      expect(lastText(await shopperSays(url, bot, chat, { press: SURVEY.title }))).toBe(refused);
      expect(lastText(await shopperSays(url, bot, chat, { press: 'Обязательно' }))).toBe(refused);
      // A text now is not an answer any more: the bot's usual help.
      expect(lastText(await shopperSays(url, bot, chat, { text: 'ещё ответ' }))).toBe(messages.bot.help);
      expect(await ledgerOf(bot, chat)).toEqual([
        { kind: 'survey', delta: 30, reason: fillMessage(m.ledgerSurvey, { title: SURVEY.title }) },
      ]);

      const results = (await bot.seller.api.get(`/surveys/${id}/results`)).body;
      expect(results.survey).toMatchObject({ participants: 1, completed: 1 });
      expect(results.questions).toEqual([
        {
          text: 'Понравился ли запах?',
          answered: 1,
          options: [
            { text: 'Да, очень', count: 0, correct: false },
            { text: 'Так себе', count: 1, correct: false },
          ],
          free_texts: [],
        },
        { text: 'Что улучшить?', answered: 1, options: [], free_texts: [{ buyer_tg_id: chat, buyer_name: 'Ира', text: 'Больше объёма' }] },
        {
          text: 'Купите ещё?',
          answered: 1,
          options: [
            { text: 'Обязательно', count: 1, correct: false },
            { text: 'Вряд ли', count: 0, correct: false },
          ],
          free_texts: [],
        },
      ]);
      expect(results.takers).toEqual([
        {
          buyer_tg_id: chat,
          buyer_name: 'Ира',
          answered: 3,
          started_at: expect.any(String),
          completed_at: expect.any(String),
          score: null,
          points: 30,
        },
      ]);

      const csv = await bot.seller.api.get(`/surveys/${id}/results.csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe([m.csvBuyer, m.csvName, m.csvQuestion, m.csvAnswer, m.csvAnsweredAt].join(';'));
      expect(lines.slice(1).map((line) => line.split(';').slice(0, 4))).toEqual([
        [chat, 'Ира', '1. Понравился ли запах?', 'Так себе'],
        [chat, 'Ира', '2. Что улучшить?', 'Больше объёма'],
        [chat, 'Ира', '3. Купите ещё?', 'Обязательно'],
      ]);
    },
  );

  it('a quiz pays its points per right answer on completion and shows the score', DIALOG, async () => {
    const bot = await actionWithBot(url);
    const id = await published(bot.seller, bot.projectId, QUIZ);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    await shopperSays(url, bot, chat, { press: QUIZ.title });
    await shopperSays(url, bot, chat, { press: '2019' });
    await shopperSays(url, bot, chat, { press: 'Шампунь' });
    // The last answer pressed twice at once (a double tap, or Telegram delivering it again): one completion pays; the
    // other press is dropped (it came while the run was open) or refused (after it completed).
    const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
    await Promise.all([0, 1].map(() => shopperActs(url, bot.botId, chat, { press: 'Россия' })));
    const done = `${fillMessage(m.quizDone, { title: QUIZ.title, score: 2, total: 3 })}\n${fillMessage(m.earned, { points: 20, balance: 20 })}`;
    await eventually(async () => {
      const all = await telegramMessages(url, { bot_id: bot.botId, chat_id: chat });
      return all.slice(before).some((reply) => reply.text === done) ? true : undefined;
    });
    expect(lastText(await shopperSays(url, bot, chat, { press: 'Россия' }))).toBe(fillMessage(m.alreadyTaken, { title: QUIZ.title }));
    const replies = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).slice(before).map((reply) => reply.text);
    expect(replies.filter((text) => text === done)).toHaveLength(1);
    expect(replies.filter((text) => text !== done).every((text) => text === fillMessage(m.alreadyTaken, { title: QUIZ.title }))).toBe(true);
    expect(await ledgerOf(bot, chat)).toEqual([
      { kind: 'quiz', delta: 20, reason: fillMessage(m.ledgerQuiz, { title: QUIZ.title, score: 2, total: 3 }) },
    ]);

    // A second shopper with no right answer completes it and gets no points.
    const other = newChatId();
    await shopperSays(url, bot, other, { text: '/start' });
    await shopperSays(url, bot, other, { press: QUIZ.title });
    await shopperSays(url, bot, other, { press: '2015' });
    await shopperSays(url, bot, other, { press: 'Шампунь' });
    expect(lastText(await shopperSays(url, bot, other, { press: 'Франция' }))).toBe(
      fillMessage(m.quizDone, { title: QUIZ.title, score: 0, total: 3 }),
    );

    const results = (await bot.seller.api.get(`/surveys/${id}/results`)).body;
    expect(results.questions[0].options).toEqual([
      { text: '2015', count: 1, correct: false },
      { text: '2019', count: 1, correct: true },
      { text: '2021', count: 0, correct: false },
    ]);
    expect(results.takers.map((t: { buyer_tg_id: string; score: number; points: number }) => [t.buyer_tg_id, t.score, t.points])).toEqual([
      [chat, 2, 20],
      [other, 0, 0],
    ]);
    const csv = await bot.seller.api.get(`/surveys/${id}/results.csv`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe([m.csvBuyer, m.csvName, m.csvQuestion, m.csvAnswer, m.csvCorrect, m.csvAnsweredAt].join(';'));
    expect(lines[1]!.split(';').slice(2, 5)).toEqual(['1. Год основания?', '2019', m.csvYes]);
  });

  it('a closed survey leaves the menu, tells a shopper halfway that it is gone, and keeps its results and CSV', DIALOG, async () => {
    const bot = await actionWithBot(url);
    const id = await published(bot.seller, bot.projectId, QUIZ);
    const kept = await published(bot.seller, bot.projectId, { ...SURVEY, title: 'Остаётся' });
    const draft = await created(bot.seller, bot.projectId, { ...SURVEY, title: 'Черновик' });
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    await shopperSays(url, bot, chat, { press: QUIZ.title });
    await shopperSays(url, bot, chat, { press: '2019' });

    const closed = await bot.seller.api.post(`/surveys/${id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      message: fillMessage(m.closed, { title: QUIZ.title }),
      survey: { id, closed_at: expect.any(String), participants: 1, completed: 0 },
    });
    const again = await bot.seller.api.post(`/surveys/${id}/close`);
    expect([again.status, again.body.survey.closed_at]).toEqual([200, closed.body.survey.closed_at]);
    const menu = buttonsOf((await shopperSays(url, bot, chat, { text: '/menu' })).at(-1)).map((b) => b.text);
    expect(menu).toContain('Остаётся');
    expect(menu).not.toContain(QUIZ.title);
    expect(lastText(await shopperSays(url, bot, chat, { press: 'Шампунь' }))).toBe(m.gone);

    const results = await bot.seller.api.get(`/surveys/${id}/results`);
    expect(results.body.takers).toMatchObject([{ buyer_tg_id: chat, answered: 1, completed_at: null }]);
    expect((await bot.seller.api.get(`/surveys/${id}/results.csv`)).text).toContain('1. Год основания?;2019;');
    const list = (await bot.seller.api.get(`/surveys?project_id=${bot.projectId}`)).body.surveys as {
      id: number;
      closed_at: string | null;
    }[];
    expect(list.map((survey) => [survey.id, survey.closed_at !== null])).toEqual([
      [draft, false],
      [kept, false],
      [id, true],
    ]);
    // A closed survey is not published again; a draft has nothing to close; another seller's is not found.
    const republish = await bot.seller.api.post(`/surveys/${id}/publish`);
    expect([republish.status, republish.body.message]).toEqual([409, m.closedLocked]);
    const closeDraft = await bot.seller.api.post(`/surveys/${draft}/close`);
    expect([closeDraft.status, closeDraft.body.message]).toEqual([409, m.closeDraft]);
    const stranger = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const foreign = await stranger.api.post(`/surveys/${kept}/close`);
    expect([foreign.status, foreign.body.message]).toEqual([404, m.notFound]);
    expect((await bot.seller.api.get(`/surveys?project_id=${bot.projectId}`)).body.surveys[1]).toMatchObject({ id: kept, closed_at: null });
  });

  // Thirty answers at the emulator's one message a second per chat (≈ 32 s); what the database keeps
  // of a quiz is tested on both by the shorter ones above: once per run, on PostgreSQL when there.
  it.runIf(backend.name === backends().at(-1)!.name)(
    "a 30-question quiz answered press by press completes: answers to the bot's own questions never trip the flood guard",
    DIALOG,
    async () => {
      const bot = await actionWithBot(url);
      const long = {
        title: 'Большая викторина',
        kind: 'quiz',
        points: 10,
        questions: Array.from({ length: 30 }, (_, n) => ({ text: `Вопрос про крем №${n + 1}?`, options: ['Да', 'Нет'], correct: 0 })),
      };
      await published(bot.seller, bot.projectId, long);
      const chat = newChatId();
      await shopperSays(url, bot, chat, { text: '/start' });
      await shopperSays(url, bot, chat, { press: long.title });
      // Faster than one press a second (the guard allows 12 messages a minute): each waits only for the next question.
      for (let n = 1; n < 30; n++)
        expect(lastText(await shopperSays(url, bot, chat, { press: 'Да' }))).toBe(
          fillMessage(m.question, { title: long.title, n: n + 1, total: 30, text: long.questions[n]!.text }),
        );
      expect(lastText(await shopperSays(url, bot, chat, { press: 'Да' }))).toBe(
        `${fillMessage(m.quizDone, { title: long.title, score: 30, total: 30 })}\n${fillMessage(m.earned, { points: 300, balance: 300 })}`,
      );
    },
  );

  it('a shopper the seller blocked completes a survey, their answers kept, and earns nothing', DIALOG, async () => {
    const bot = await actionWithBot(url, {}, BILLING_DEFAULTS.project_subscription_price + 100);
    const id = await published(bot.seller, bot.projectId, QUIZ);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    // A shopper the action met (a receipt) can be blocked from their card.
    await bot.seller.api.post('/check', {
      qrurl: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')),
      project_id: bot.projectId,
      user_id_tg: chat,
    });
    expect((await bot.seller.api.post(`/buyers/${chat}/block`, { project_id: bot.projectId, reason: 'Накрутка' })).status).toBe(200);
    await shopperSays(url, bot, chat, { press: QUIZ.title });
    await shopperSays(url, bot, chat, { press: '2019' });
    await shopperSays(url, bot, chat, { press: 'Крем' });
    expect(lastText(await shopperSays(url, bot, chat, { press: 'Россия' }))).toBe(
      `${fillMessage(m.quizDone, { title: QUIZ.title, score: 3, total: 3 })}\n${messages.receipts.defaultBlocked}`,
    );
    expect((await ledgerOf(bot, chat)).filter((row) => row.kind === 'quiz')).toEqual([]);
    const results = (await bot.seller.api.get(`/surveys/${id}/results`)).body;
    expect(
      results.takers.map((taker: { buyer_tg_id: string; score: number; points: number }) => [taker.buyer_tg_id, taker.score, taker.points]),
    ).toEqual([[chat, 3, 0]]);
  });

  it('each bad input gets its Russian message and nothing is saved', async () => {
    const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const action = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER });
    const projectId = action.body.project_id as number;
    const options = (n: number) => Array.from({ length: n }, (_, i) => `Вариант ${i + 1}`);
    const cases: [string, Record<string, unknown>, string][] = [
      ['empty title', { ...SURVEY, title: '   ' }, m.titleInvalid],
      ['a too long title', { ...SURVEY, title: 'а'.repeat(65) }, m.titleInvalid],
      ['an unknown kind', { ...SURVEY, kind: 'poll' }, m.kindInvalid],
      ['negative points', { ...SURVEY, points: -1 }, m.pointsInvalid],
      ['too many points', { ...SURVEY, points: 100_001 }, m.pointsInvalid],
      ['fractional points', { ...SURVEY, points: 1.5 }, m.pointsInvalid],
      ['no questions', { ...SURVEY, questions: [] }, m.noQuestions],
      ['31 questions', { ...SURVEY, questions: Array.from({ length: 31 }, () => SURVEY.questions[0]) }, m.tooManyQuestions],
      ['a question without text', { ...SURVEY, questions: [{ text: ' ', options: [] }] }, fillMessage(m.questionTextInvalid, { n: 1 })],
      [
        'one option',
        { ...SURVEY, questions: [SURVEY.questions[0], { text: 'Да?', options: ['Да'] }] },
        fillMessage(m.optionsCountInvalid, { n: 2 }),
      ],
      ['11 options', { ...SURVEY, questions: [{ text: 'Да?', options: options(11) }] }, fillMessage(m.optionsCountInvalid, { n: 1 })],
      [
        'a too long option',
        { ...SURVEY, questions: [{ text: 'Да?', options: ['Да', 'н'.repeat(65)] }] },
        fillMessage(m.optionTextInvalid, { n: 1 }),
      ],
      ['an empty option', { ...SURVEY, questions: [{ text: 'Да?', options: ['Да', ' '] }] }, fillMessage(m.optionTextInvalid, { n: 1 })],
      ['repeated options', { ...SURVEY, questions: [{ text: 'Да?', options: ['Да', 'да'] }] }, fillMessage(m.optionsRepeat, { n: 1 })],
      [
        'a survey with a right answer',
        { ...SURVEY, questions: [{ text: 'Да?', options: ['Да', 'Нет'], correct: 0 }] },
        fillMessage(m.surveyCorrect, { n: 1 }),
      ],
      [
        'a quiz question without correct',
        { ...QUIZ, questions: [QUIZ.questions[0], { text: 'Да?', options: ['Да', 'Нет'] }] },
        fillMessage(m.quizCorrectInvalid, { n: 2 }),
      ],
      [
        'a quiz question with correct out of range',
        { ...QUIZ, questions: [{ text: 'Да?', options: ['Да', 'Нет'], correct: 2 }] },
        fillMessage(m.quizCorrectInvalid, { n: 1 }),
      ],
      [
        'a quiz question with a fractional correct',
        { ...QUIZ, questions: [{ text: 'Да?', options: ['Да', 'Нет'], correct: 0.5 }] },
        m.questionsInvalid,
      ],
      [
        'a free-text question in a quiz',
        { ...QUIZ, questions: [{ text: 'Почему?', options: [] }] },
        fillMessage(m.quizNeedsOptions, { n: 1 }),
      ],
      ['questions not a list', { ...SURVEY, questions: 'Да?' }, m.questionsInvalid],
    ];
    for (const [name, body, message] of cases) {
      const answer = await seller.api.post('/surveys', { project_id: projectId, ...body });
      expect([name, answer.status, answer.body.message]).toEqual([name, 400, message]);
    }
    const noProject = await seller.api.post('/surveys', SURVEY);
    expect([noProject.status, noProject.body.message]).toEqual([400, m.projectInvalid]);
    expect((await seller.api.get(`/surveys?project_id=${projectId}`)).body).toEqual({ surveys: [] });

    // An edit of a draft is validated the same way and leaves the draft as it was.
    const id = await created(seller, projectId, SURVEY);
    const bad = await seller.api.request('PUT', `/surveys/${id}`, { body: { ...SURVEY, questions: [] } });
    expect([bad.status, bad.body.message]).toEqual([400, m.noQuestions]);
    expect((await seller.api.get(`/surveys?project_id=${projectId}`)).body.surveys[0].questions).toHaveLength(3);
  });

  it(
    "another seller can neither see, change, publish nor read the results of a seller's survey, nor add one to their action",
    DIALOG,
    async () => {
      const owner = await actionWithBot(url);
      const id = await created(owner.seller, owner.projectId, SURVEY);
      const stranger = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);

      const attempts = [
        await stranger.api.post('/surveys', { project_id: owner.projectId, ...SURVEY }),
        await stranger.api.get(`/surveys?project_id=${owner.projectId}`),
        await stranger.api.request('PUT', `/surveys/${id}`, { body: SURVEY }),
        await stranger.api.post(`/surveys/${id}/publish`),
        await stranger.api.get(`/surveys/${id}/results`),
        await stranger.api.get(`/surveys/${id}/results.csv`),
      ];
      expect(attempts.map((answer) => [answer.status, answer.body.message])).toEqual([
        [404, messages.actions.notFound],
        [404, messages.actions.notFound],
        [404, m.notFound],
        [404, m.notFound],
        [404, m.notFound],
        [404, m.notFound],
      ]);
      const list = (await owner.seller.api.get(`/surveys?project_id=${owner.projectId}`)).body.surveys;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ title: SURVEY.title, published_at: null });

      // Another action's bot does not offer it.
      const otherBot = await actionWithBot(url);
      await owner.seller.api.post(`/surveys/${id}/publish`);
      const chat = newChatId();
      expect(buttonsOf((await shopperSays(url, otherBot, chat, { text: '/menu' })).at(-1)).map((b) => b.text)).not.toContain(SURVEY.title);
    },
  );
});
