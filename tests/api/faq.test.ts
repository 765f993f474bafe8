import { describe, expect, it } from 'vitest';
import { FAQ_ANSWER_MAX, FAQ_ITEMS_MAX, FAQ_QUESTION_MAX } from '../../src/contract/faq.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperSays } from '../support/bot.js';
import { newChatId, type EmulatedMessage } from '../support/telegram.js';

const m = messages.serviceDesk;

const FAQ = [
  { question: 'Как быстро начисляются баллы?', answer: 'Сразу после проверки чека — обычно за минуту.' },
  {
    question: 'Где посмотреть состав крема?',
    answer: 'Состав напечатан на упаковке и на странице товара.',
    link: 'https://aurora.example/sostav',
  },
  { question: 'Можно ли вернуть товар?', answer: 'Да, в течение 14 дней через маркетплейс.' },
];

type Button = { text: string; callback_data?: string; url?: string };
const buttonsOf = (reply: EmulatedMessage | undefined): Button[] =>
  ((reply?.reply_markup as { inline_keyboard?: Button[][] })?.inline_keyboard ?? []).flat();
const lastOf = (replies: EmulatedMessage[]) => replies.at(-1);

/** A dialog is a handful of round trips through the emulator (1 message a second per chat). */
const DIALOG = { timeout: 120_000 };

describe.each(backends())('questions and answers on $name', (backend) => {
  const url = backend.url;

  it(
    'the menu offers «Вопросы и ответы» once there are questions; a press lists them and another answers, with its link',
    DIALOG,
    async () => {
      const bot = await actionWithBot(url);
      const chat = newChatId();
      const empty = await bot.seller.api.get(`/projects/${bot.projectId}/faq`);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ items: [] });
      expect(buttonsOf(lastOf(await shopperSays(url, bot, chat, { text: '/start' }))).map((b) => b.text)).not.toContain(m.faqButton);

      const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/faq`, { body: FAQ });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.message).toBe(m.faqSaved);
      expect(saved.body.items.map(({ question, answer, link }: Record<string, unknown>) => ({ question, answer, link }))).toEqual([
        { ...FAQ[0], link: null },
        FAQ[1],
        { ...FAQ[2], link: null },
      ]);
      const ids = saved.body.items.map((item: { id: number }) => item.id) as number[];

      const menu = lastOf(await shopperSays(url, bot, chat, { text: '/menu' }));
      expect(buttonsOf(menu)).toContainEqual({ text: m.faqButton, callback_data: 'faq:list' });
      const list = lastOf(await shopperSays(url, bot, chat, { press: m.faqButton }));
      expect(list?.text).toBe(m.faqIntro);
      expect(buttonsOf(list)).toEqual(FAQ.map((item, index) => ({ text: item.question, callback_data: `faq:${ids[index]}` })));

      const plain = lastOf(await shopperSays(url, bot, chat, { press: FAQ[0]!.question }));
      expect(plain?.text).toBe(FAQ[0]!.answer);
      expect(buttonsOf(plain)).toEqual([]);
      const linked = lastOf(await shopperSays(url, bot, chat, { press: FAQ[1]!.question }));
      expect(linked?.text).toBe(FAQ[1]!.answer);
      expect(buttonsOf(linked)).toEqual([{ text: m.faqLinkButton, url: FAQ[1]!.link }]);
    },
  );

  it(
    'a PUT replaces the whole list in its order; the old button of an edited or removed question answers that it is gone',
    DIALOG,
    async () => {
      const bot = await actionWithBot(url);
      const chat = newChatId();
      const first = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/faq`, { body: FAQ });
      const [keptId, editedId, removedId] = first.body.items.map((item: { id: number }) => item.id) as number[];
      await shopperSays(url, bot, chat, { text: '/start' });
      await shopperSays(url, bot, chat, { press: m.faqButton });

      // Reordered, the second question's answer edited, the third removed, a new one added.
      const replacement = [
        { question: FAQ[1]!.question, answer: 'Состав — на упаковке.' },
        FAQ[0]!,
        { question: 'Есть ли доставка?', answer: 'Доставляет маркетплейс.' },
      ];
      const second = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/faq`, { body: replacement });
      expect(second.status, second.text).toBe(200);
      const stored = (await bot.seller.api.get(`/projects/${bot.projectId}/faq`)).body.items as { id: number; question: string }[];
      expect(stored.map((item) => item.question)).toEqual(replacement.map((item) => item.question));
      // The unchanged question keeps its id, so its old button still answers.
      expect(stored[1]!.id).toBe(keptId);
      expect(stored.map((item) => item.id)).not.toContain(editedId);
      expect(stored.map((item) => item.id)).not.toContain(removedId);

      // The list message sent before the change still carries the old buttons.
      expect(lastOf(await shopperSays(url, bot, chat, { press: FAQ[0]!.question }))?.text).toBe(FAQ[0]!.answer);
      expect(lastOf(await shopperSays(url, bot, chat, { press: FAQ[2]!.question }))?.text).toBe(m.faqGone);

      const cleared = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/faq`, { body: [] });
      expect(cleared.body.items).toEqual([]);
      expect(buttonsOf(lastOf(await shopperSays(url, bot, chat, { text: '/menu' }))).map((b) => b.text)).not.toContain(m.faqButton);
      expect(lastOf(await shopperSays(url, bot, chat, { press: FAQ[1]!.question }))?.text).toBe(m.faqGone);
    },
  );

  it(
    'a typed question is answered by its keywords or most of its words; several matches are offered, none offers support; a QR text stays a receipt',
    DIALOG,
    async () => {
      const bot = await actionWithBot(url);
      const chat = newChatId();
      const items = [
        { question: 'Как стирать плед?', answer: 'Деликатная стирка при 30 °C.', keywords: [' стир ', 'Машинк', 'стир', ''] },
        { question: 'Как сушить плед?', answer: 'Сушить расправленным.' },
        FAQ[2]!,
      ];
      const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/faq`, { body: items });
      expect(saved.body.items.map((item: { keywords: string[] }) => item.keywords)).toEqual([['стир', 'Машинк'], [], []]);
      await shopperSays(url, bot, chat, { text: '/start' });

      expect(lastOf(await shopperSays(url, bot, chat, { text: 'как стирать плед?' }))?.text).toBe(items[0]!.answer);
      expect(lastOf(await shopperSays(url, bot, chat, { text: 'А в МАШИНКЕ можно?' }))?.text).toBe(items[0]!.answer);
      expect(lastOf(await shopperSays(url, bot, chat, { text: 'можно вернуть товар' }))?.text).toBe(FAQ[2]!.answer);
      const several = lastOf(await shopperSays(url, bot, chat, { text: 'Как сушить и стирать плед' }));
      expect(several?.text).toBe(m.faqSeveral);
      expect(buttonsOf(several).map((b) => b.text)).toEqual([items[0]!.question, items[1]!.question]);
      expect(lastOf(await shopperSays(url, bot, chat, { press: items[1]!.question }))?.text).toBe(items[1]!.answer);
      // No match while support is off: the bot's usual help; on: «Написать в поддержку».
      expect(lastOf(await shopperSays(url, bot, chat, { text: 'какой размер у пледа?' }))?.text).toBe(messages.bot.help);
      await bot.seller.api.request('PUT', `/projects/${bot.projectId}/features`, { body: { support: { enabled: true } } });
      const none = lastOf(await shopperSays(url, bot, chat, { text: 'какой размер у пледа?' }));
      expect(none?.text).toBe(m.faqNoMatch);
      expect(buttonsOf(none)).toEqual([{ text: messages.support.button, callback_data: 'support:write' }]);
      // A receipt's QR string is checked as a receipt, whatever the questions' words.
      const qr = await registerReceipt(url, freshReceipt('wb-aurora-cosmetics'));
      const receipt = lastOf(await shopperSays(url, bot, chat, { text: qr }));
      expect(receipt?.text).not.toBe(m.faqNoMatch);
      expect(receipt?.text).toContain(messages.bot.newBalance.split('{')[0]!);
    },
  );

  it('a bad item is named by its number and nothing is written', async () => {
    const bot = await actionWithBot(url);
    const path = `/projects/${bot.projectId}/faq`;
    await bot.seller.api.request('PUT', path, { body: FAQ });
    const before = (await bot.seller.api.get(path)).body;
    const refusals: [unknown, string][] = [
      [{ items: FAQ }, m.faqInvalid],
      ['вопрос', m.faqInvalid],
      [[...FAQ, { question: '', answer: 'Ответ' }], 'Вопрос 4: введите вопрос — от 1 до 200 символов.'],
      [[{ question: 'В'.repeat(201), answer: 'Ответ' }], 'Вопрос 1: введите вопрос — от 1 до 200 символов.'],
      [[FAQ[0], { question: 'Пустой ответ?', answer: '   ' }], 'Вопрос 2: введите ответ — от 1 до 4 096 символов.'],
      [[{ question: 'Длинный?', answer: 'о'.repeat(FAQ_ANSWER_MAX + 1) }], 'Вопрос 1: введите ответ — от 1 до 4 096 символов.'],
      [[FAQ[0], FAQ[1], { ...FAQ[2], link: 'javascript:alert(1)' }], 'Вопрос 3: ссылка — адрес, начинающийся с http:// или https://.'],
      [[{ ...FAQ[0], link: 'aurora.example' }], 'Вопрос 1: ссылка — адрес, начинающийся с http:// или https://.'],
      [[FAQ[0], { ...FAQ[0], question: FAQ[0]!.question.toUpperCase() }], 'Вопрос 2: такой вопрос уже есть в списке.'],
      [[FAQ[0], 'строка'], 'Вопрос 2: укажите вопрос (question), ответ (answer) и, если нужно, ссылку (link).'],
      [[{ question: 'Без ответа?' }], 'Вопрос 1: укажите вопрос (question), ответ (answer) и, если нужно, ссылку (link).'],
      [[{ ...FAQ[0], keywords: 'стирка' }], 'Вопрос 1: укажите вопрос (question), ответ (answer) и, если нужно, ссылку (link).'],
      [[{ ...FAQ[0], keywords: ['с'.repeat(51)] }], fillMessage(m.faqKeywordsInvalid, { n: 1 })],
      [[FAQ[0], { ...FAQ[1], keywords: Array.from({ length: 21 }, (_, n) => `слово${n}`) }], fillMessage(m.faqKeywordsInvalid, { n: 2 })],
      [Array.from({ length: FAQ_ITEMS_MAX + 1 }, (_, n) => ({ question: `Вопрос ${n}?`, answer: 'Ответ' })), m.faqTooMany],
    ];
    for (const [body, message] of refusals) {
      const refused = await bot.seller.api.request('PUT', path, { body });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await bot.seller.api.get(path)).body).toEqual(before);
    // The longest list there can be (Cyrillic, every text at its limit) fits the route's body limit.
    const full = Array.from({ length: FAQ_ITEMS_MAX }, (_, n) => ({
      question: `${n} ${'в'.repeat(FAQ_QUESTION_MAX - 3)}`.slice(0, FAQ_QUESTION_MAX),
      answer: '"ё"\n'.repeat(FAQ_ANSWER_MAX / 4),
      link: `https://aurora.example/${'a'.repeat(1000)}`,
    }));
    const saved = await bot.seller.api.request('PUT', path, { body: full });
    expect(saved.status, saved.text.slice(0, 200)).toBe(200);
    expect(saved.body.items).toHaveLength(FAQ_ITEMS_MAX);
  });

  it("another seller can neither read nor replace an action's questions", async () => {
    const owner = await actionWithBot(url);
    const stranger = await actionWithBot(url);
    const path = `/projects/${owner.projectId}/faq`;
    await owner.seller.api.request('PUT', path, { body: FAQ });
    const read = await stranger.seller.api.get(path);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe(messages.actions.notFound);
    const replaced = await stranger.seller.api.request('PUT', path, { body: [] });
    expect(replaced.status).toBe(404);
    expect((await owner.seller.api.get(path)).body.items).toHaveLength(FAQ.length);
    expect((await owner.seller.api.get(path, { token: null })).status).toBe(401);
  });
});
