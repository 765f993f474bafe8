import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { PRODUCT_RULES_MAX, RULE_GUIDE_MAX } from '../../src/contract/product-guides.js';
import { backends } from '../support/backends.js';
import { actionWithBot, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages, type EmulatedMessage } from '../support/telegram.js';
import type { Seller } from '../support/api-client.js';

const m = messages.serviceDesk;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;

// The Wildberries fixture's items, all the action's own (INN 072196655529).
const SHAMPOO = 'Шампунь детский для мытья волос и купания 300мл Aurora Cosmetics';
const NAPPY_CREAM = 'Крем под подгузник детский для новорождённых 100мл Aurora Cosmetics';
const BODY_CREAM = 'Крем для тела увлажняющий от растяжек 200мл Aurora Cosmetics';

const SHAMPOO_GUIDE = 'Нанесите на влажные волосы, вспеньте и смойте. Видео: https://youtu.be/aurora-shampoo';
const CREAM_GUIDE = 'Храните при комнатной температуре.';
const PLAID_GUIDE = 'Стирайте при 30 °C, не гладьте.';
const RULES = [
  { match: 'ШАМПУНЬ', guide: SHAMPOO_GUIDE },
  { match: 'крем', guide: CREAM_GUIDE, warranty_months: 12 },
];

const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });
/** 'ДД.ММ.ГГГГ' a year after the day (29.02 ends on 28.02). */
function yearLater(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month === '02' && date === '29' ? '28' : date}.${month}.${Number(year) + 1}`;
}
const shown = (day: string) => day.split('-').reverse().join('.');

async function withRules(url: string, rules: unknown[] = RULES): Promise<BotAction> {
  const bot = await actionWithBot(url, {}, FUNDS);
  const saved = await bot.seller.api.request('PUT', `/projects/${bot.projectId}/product-rules`, { body: rules });
  expect(saved.status, saved.text).toBe(200);
  return bot;
}

const textsSince = async (url: string, bot: BotAction, chat: string, before: number) =>
  (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).slice(before).map((message) => message.text ?? '');

const answerToReceipt = messages.bot.newBalance.split('{')[0]!;

/**
 * A receipt bought yesterday sent to the bot; answers its purchase day (Moscow, 'YYYY-MM-DD').
 * With `outageSeconds` Telegram refuses every call for that long from just before the receipt is sent:
 * the bot's first try of its answer fails and waits for its retry, longer than the notices' retries.
 */
async function sendReceipt(
  url: string,
  bot: BotAction,
  chat: string,
  options: { rename?: (name: string) => string; outageSeconds?: number } = {},
): Promise<string> {
  const { rename, outageSeconds } = options;
  const issued = Math.floor((Date.now() - 86_400_000) / 60_000) * 60;
  const receipt = freshReceipt('wb-aurora-cosmetics', 1, (changed) => {
    changed.dateTime = issued;
    if (rename) for (const item of changed.items as { name: string }[]) item.name = rename(item.name);
  });
  const qr = await registerReceipt(url, receipt);
  const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
  if (outageSeconds !== undefined) {
    // The bot's long poll is already waiting: it still takes the receipt, as Telegram's would.
    const outage = await fetch(`${url}/__emulators/telegram/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: outageSeconds }),
    });
    expect(outage.status).toBe(200);
    expect((await shopperActs(url, bot.botId, chat, { text: qr })).status).toBe(200);
  } else await shopperSays(url, bot, chat, { text: qr });
  await eventually(
    async () => ((await textsSince(url, bot, chat, before)).some((text) => text.includes(answerToReceipt)) ? true : undefined),
    45_000,
    'the answer to the receipt',
  );
  return moscowDate.format(new Date(issued * 1000));
}

async function botSays(url: string, bot: BotAction, chat: string, text: string): Promise<EmulatedMessage> {
  return eventually(
    async () => (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).find((message) => message.text === text),
    45_000,
    `the bot to say «${text.slice(0, 60)}»`,
  );
}

const isServiceNotice = (text: string) => text.startsWith('Инструкция к «') || text.startsWith('Гарантия на «');

const buttonsOf = (reply: EmulatedMessage | undefined) =>
  ((reply?.reply_markup as { inline_keyboard?: { text: string; callback_data?: string }[][] })?.inline_keyboard ?? []).flat();

describe.each(backends())('product guides and electronic warranty on $name', { timeout: 180_000 }, (backend) => {
  const url = backend.url;

  it('a matching receipt brings each rule’s guide once and a warranty per item after the receipt’s answer; /warranty, the menu, the card and the search show them', async () => {
    const bot = await withRules(url);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    expect((await shopperSays(url, bot, chat, { text: '/warranty' })).at(-1)?.text).toBe(m.warrantiesEmpty);
    const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;

    // Telegram is down as the receipt comes: the notices' retries come round before the answer's.
    const purchased = await sendReceipt(url, bot, chat, { outageSeconds: 2 });
    const until = yearLater(purchased);
    const nappy = fillMessage(m.warrantyConfirmed, { item: NAPPY_CREAM, until });
    const body = fillMessage(m.warrantyConfirmed, { item: BODY_CREAM, until });
    expect(nappy).toBe(`Гарантия на «${NAPPY_CREAM}» до ${until}`);
    await botSays(url, bot, chat, body);
    await botSays(url, bot, chat, nappy);
    await botSays(url, bot, chat, fillMessage(m.guideOf, { item: SHAMPOO, guide: SHAMPOO_GUIDE }));
    await botSays(url, bot, chat, fillMessage(m.guideOf, { item: NAPPY_CREAM, guide: CREAM_GUIDE }));
    const [first, ...told] = await textsSince(url, bot, chat, before);
    // The receipt's answer first, then its notices, one a second (the chat's pace): all four are awaited above.
    expect(first).toContain(answerToReceipt);
    expect(told.sort()).toEqual(
      [
        fillMessage(m.guideOf, { item: SHAMPOO, guide: SHAMPOO_GUIDE }),
        fillMessage(m.guideOf, { item: NAPPY_CREAM, guide: CREAM_GUIDE }),
        nappy,
        body,
      ].sort(),
    );

    const list = [
      m.warrantiesTitle,
      fillMessage(m.warrantyLine, { item: BODY_CREAM, until, purchased: shown(purchased) }),
      fillMessage(m.warrantyLine, { item: NAPPY_CREAM, until, purchased: shown(purchased) }),
    ].join('\n');
    expect((await shopperSays(url, bot, chat, { text: '/warranty' })).at(-1)?.text).toBe(list);
    const menu = (await shopperSays(url, bot, chat, { text: '/menu' })).at(-1);
    expect(buttonsOf(menu)).toContainEqual({ text: m.warrantiesButton, callback_data: 'warranty:list' });
    expect((await shopperSays(url, bot, chat, { press: m.warrantiesButton })).at(-1)?.text).toBe(list);

    // The rules change later: warranties stay as they were given.
    await bot.seller.api.request('PUT', `/projects/${bot.projectId}/product-rules`, { body: [{ match: 'крем', warranty_months: 1 }] });
    expect((await shopperSays(url, bot, chat, { text: '/warranty' })).at(-1)?.text).toBe(list);

    const card = (await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`)).body;
    const receiptId = card.receipts[0].id as number;
    const expected = [BODY_CREAM, NAPPY_CREAM].map((item) => ({
      buyer_tg_id: chat,
      buyer_name: 'Ира',
      receipt_id: receiptId,
      item_name: item,
      months: 12,
      purchased_on: purchased,
      valid_until: `${until.slice(6)}-${until.slice(3, 5)}-${until.slice(0, 2)}`,
      active: true,
    }));
    expect(card.warranties).toMatchObject(expected);

    const byBuyer = await bot.seller.api.get(`/warranties?project_id=${bot.projectId}&buyer=${chat}`);
    expect(byBuyer.status, byBuyer.text).toBe(200);
    expect(byBuyer.body.warranties).toMatchObject(expected);
    const byReceipt = await bot.seller.api.get(`/warranties?project_id=${bot.projectId}&receipt=${receiptId}`);
    expect(byReceipt.body.warranties).toMatchObject(expected);
    expect((await bot.seller.api.get(`/warranties?project_id=${bot.projectId}&receipt=${receiptId + 1000}`)).body.warranties).toEqual([]);
    for (const query of [
      `project_id=${bot.projectId}`,
      `project_id=${bot.projectId}&buyer=${chat}&receipt=${receiptId}`,
      `buyer=${chat}`,
    ]) {
      const refused = await bot.seller.api.get(`/warranties?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.message).toBe(m.warrantySearchInvalid);
    }

    const stranger = await actionWithBot(url);
    const foreign = await stranger.seller.api.get(`/warranties?project_id=${bot.projectId}&receipt=${receiptId}`);
    expect(foreign.status).toBe(404);
  });

  it('a receipt without a matching item brings no guide and no warranty', async () => {
    const bot = await withRules(url, [{ match: 'шампунь', guide: SHAMPOO_GUIDE, warranty_months: 3 }]);
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
    await sendReceipt(url, bot, chat, { rename: (name) => name.replace('Шампунь', 'Бальзам') });
    // A matching receipt after it: notices go out in order, so anything of the first would come before.
    const purchased = await sendReceipt(url, bot, chat);
    const until = warrantyIn3Months(purchased);
    await botSays(url, bot, chat, fillMessage(m.warrantyConfirmed, { item: SHAMPOO, until }));
    await botSays(url, bot, chat, fillMessage(m.guideOf, { item: SHAMPOO, guide: SHAMPOO_GUIDE }));
    const texts = await textsSince(url, bot, chat, before);
    expect(texts.filter(isServiceNotice).sort()).toEqual(
      [fillMessage(m.guideOf, { item: SHAMPOO, guide: SHAMPOO_GUIDE }), fillMessage(m.warrantyConfirmed, { item: SHAMPOO, until })].sort(),
    );
    const card = (await bot.seller.api.get(`/buyers/${chat}?project_id=${bot.projectId}`)).body;
    expect(card.warranties).toHaveLength(1);
  });

  it('a rule matches as the action’s product keywords do: «Плёд  флисовый» brings its guide for «Плед флисовый»', async () => {
    const plaid = 'Плед флисовый 150×200 Aurora Home';
    const bot = await withRules(url, [{ match: 'Плёд  флисовый', guide: PLAID_GUIDE }]);
    expect((await bot.seller.api.get(`/projects/${bot.projectId}/product-rules`)).body.rules[0].match).toBe('Плёд  флисовый');
    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).length;
    await sendReceipt(url, bot, chat, { rename: (name) => (name === SHAMPOO ? plaid : name) });
    await botSays(url, bot, chat, fillMessage(m.guideOf, { item: plaid, guide: PLAID_GUIDE }));
    expect((await textsSince(url, bot, chat, before)).filter(isServiceNotice)).toEqual([
      fillMessage(m.guideOf, { item: plaid, guide: PLAID_GUIDE }),
    ]);
  });

  it('an action without rules offers no «Мои гарантии»; /warranty answers the empty list', async () => {
    const bot = await actionWithBot(url);
    const chat = newChatId();
    const start = (await shopperSays(url, bot, chat, { text: '/start' })).at(-1);
    expect(buttonsOf(start).map((button) => button.text)).not.toContain(m.warrantiesButton);
    expect((await shopperSays(url, bot, chat, { text: '/warranty' })).at(-1)?.text).toBe(m.warrantiesEmpty);
  });

  it('a guide’s PDF, uploaded and checked by content, follows its text by sendDocument; too big, not a PDF, a plain link or another’s file is refused', async () => {
    const bot = await actionWithBot(url, {}, FUNDS);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32)]);
    const uploaded = await uploadGuideFile(url, bot.seller, 'pdf', pdf, 'инструкция.pdf');
    expect([uploaded.status, uploaded.body.message]).toEqual([201, m.fileUploaded]);
    const attachment = { kind: 'pdf', upload_id: uploaded.body.upload_id };
    const path = `/projects/${bot.projectId}/product-rules`;
    const saved = await bot.seller.api.request('PUT', path, { body: [{ match: 'шампунь', guide: SHAMPOO_GUIDE, attachment }] });
    expect(saved.body.rules, saved.text).toEqual([{ match: 'шампунь', guide: SHAMPOO_GUIDE, warranty_months: null, attachment }]);

    const chat = newChatId();
    await shopperSays(url, bot, chat, { text: '/start' });
    await sendReceipt(url, bot, chat);
    const caption = fillMessage(m.guideFileCaption, { item: SHAMPOO });
    const sent = await eventually(async () =>
      (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).find((message) => message.method === 'sendDocument'),
    );
    expect(sent).toMatchObject({ caption, file: `upload:${pdf.length}` });
    await botSays(url, bot, chat, fillMessage(m.guideOf, { item: SHAMPOO, guide: SHAMPOO_GUIDE }));

    const tooBig = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(20 * 1024 * 1024 - 4)]);
    expect(await uploadGuideFile(url, bot.seller, 'pdf', tooBig)).toMatchObject({ status: 413, body: { message: m.filePdfTooLarge } });
    expect(await uploadGuideFile(url, bot.seller, 'pdf', Buffer.from('<html>not a pdf</html>'))).toMatchObject({
      status: 415,
      body: { message: m.fileNotPdf },
    });
    expect(await uploadGuideFile(url, bot.seller, 'video', pdf)).toMatchObject({ status: 415, body: { message: m.fileNotVideo } });
    const stranger = await actionWithBot(url);
    const strangers = (await uploadGuideFile(url, stranger.seller, 'pdf', pdf)).body.upload_id as number;
    for (const [rule, message] of [
      [{ kind: 'pdf', upload_id: strangers }, fillMessage(m.ruleAttachmentNotFound, { n: 1 })],
      [{ kind: 'video', upload_id: uploaded.body.upload_id }, fillMessage(m.ruleAttachmentNotFound, { n: 1 })],
      [{ kind: 'pdf', url: 'http://example.com/guide.pdf' }, fillMessage(m.ruleAttachmentInvalid, { n: 1 })],
      [
        { kind: 'pdf', url: 'https://example.com/guide.pdf', upload_id: uploaded.body.upload_id },
        fillMessage(m.ruleAttachmentInvalid, { n: 1 }),
      ],
      [{ kind: 'doc', url: 'https://example.com/guide.doc' }, fillMessage(m.ruleAttachmentInvalid, { n: 1 })],
    ] as const) {
      const refused = await bot.seller.api.request('PUT', path, { body: [{ match: 'шампунь', guide: 'x', attachment: rule }] });
      expect([refused.status, refused.body.message], JSON.stringify(rule)).toEqual([400, message]);
    }
    expect((await bot.seller.api.get(path)).body.rules).toEqual(saved.body.rules);
    const linked = await bot.seller.api.request('PUT', path, {
      body: [{ match: 'шампунь', guide: 'x', attachment: { kind: 'video', url: 'https://example.com/guide.mp4' } }],
    });
    expect(linked.body.rules[0].attachment).toEqual({ kind: 'video', url: 'https://example.com/guide.mp4' });
  });

  it('rules are replaced whole; a bad rule is named by its number and nothing is written; another seller gets 404', async () => {
    const bot = await withRules(url);
    const path = `/projects/${bot.projectId}/product-rules`;
    const stored = await bot.seller.api.get(path);
    expect(stored.body).toEqual({
      rules: [
        { match: 'ШАМПУНЬ', guide: SHAMPOO_GUIDE, warranty_months: null, attachment: null },
        { match: 'крем', guide: CREAM_GUIDE, warranty_months: 12, attachment: null },
      ],
    });
    const refusals: [unknown, string][] = [
      [{ rules: RULES }, m.rulesInvalid],
      [[...RULES, { match: 'ф', warranty_months: 12 }], 'Правило 3: введите текст из названия товара — от 2 до 100 символов.'],
      [[{ match: 'фен' }], 'Правило 1: укажите инструкцию, гарантию или и то и другое.'],
      [[{ match: 'фен', guide: '  ' }], 'Правило 1: укажите инструкцию, гарантию или и то и другое.'],
      [[{ match: 'фен', warranty_months: 0 }], 'Правило 1: гарантия — целое число месяцев от 1 до 120.'],
      [[RULES[0], { match: 'фен', warranty_months: 121 }], 'Правило 2: гарантия — целое число месяцев от 1 до 120.'],
      [[{ match: 'фен', warranty_months: 1.5 }], 'Правило 1: гарантия — целое число месяцев от 1 до 120.'],
      [[{ match: 'фен', guide: 'г'.repeat(RULE_GUIDE_MAX + 1) }], 'Правило 1: инструкция — до 4 096 символов.'],
      [[RULES[1], { match: 'КРЕМ', warranty_months: 6 }], 'Правило 2: правило с таким текстом уже есть в списке.'],
      [[{ match: 42, guide: 'x' }], m.ruleItemInvalid.replace('{n}', '1')],
      [Array.from({ length: PRODUCT_RULES_MAX + 1 }, (_, n) => ({ match: `товар ${n}`, warranty_months: 1 })), m.rulesTooMany],
    ];
    for (const [body, message] of refusals) {
      const refused = await bot.seller.api.request('PUT', path, { body });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect((await bot.seller.api.get(path)).body).toEqual(stored.body);
    // The longest list there can be (Cyrillic guides at their limit) fits the route's body limit.
    const full = Array.from({ length: PRODUCT_RULES_MAX }, (_, n) => ({ match: `товар ${n}`, guide: 'ё\n'.repeat(RULE_GUIDE_MAX / 2) }));
    const fullSaved = await bot.seller.api.request('PUT', path, { body: full });
    expect(fullSaved.status, fullSaved.text.slice(0, 200)).toBe(200);
    expect(fullSaved.body.rules).toHaveLength(PRODUCT_RULES_MAX);
    const months = await bot.seller.api.request('PUT', path, { body: [{ match: ' фен ', warranty_months: '24' }] });
    expect(months.body).toEqual({ message: m.rulesSaved, rules: [{ match: 'фен', guide: null, warranty_months: 24, attachment: null }] });

    const stranger = await actionWithBot(url);
    expect((await stranger.seller.api.get(path)).status).toBe(404);
    expect((await stranger.seller.api.request('PUT', path, { body: [] })).status).toBe(404);
    expect((await bot.seller.api.get(path)).body.rules).toHaveLength(1);
  });
});

/** 'ДД.ММ.ГГГГ' three months after the day, clamped to the month's end. */
function warrantyIn3Months(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + 3, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.min(date, last))}.${two(target.getUTCMonth() + 1)}.${target.getUTCFullYear()}`;
}

/** A guide's file as the cabinet uploads it (multipart, the field `file`). */
async function uploadGuideFile(url: string, seller: Seller, kind: 'pdf' | 'video', data: Buffer, name = 'guide.bin') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const response = await fetch(`${url}/lk/api/product-rules/files?kind=${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.api.token}`, 'x-forwarded-for': seller.api.address },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { message?: string; upload_id?: number } };
}
