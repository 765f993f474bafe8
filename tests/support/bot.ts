import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import type { Seller } from './api-client.js';
import { createFundedSeller } from './operator.js';
import { eventually, newBotToken, telegramMessages, type EmulatedMessage } from './telegram.js';

export const WB_SELLER = '072196655529';

export interface BotAction {
  seller: Seller;
  projectId: number;
  token: string;
  botId: string;
}

/** A funded seller's action with its own bot (any well-formed token: the emulator plays Telegram). */
export async function actionWithBot(
  url: string,
  settings: Record<string, unknown> = {},
  funds = BILLING_DEFAULTS.project_subscription_price + 100,
): Promise<BotAction> {
  const seller = await createFundedSeller(url, funds);
  const { token, botId } = newBotToken();
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER, telegram_bot_token: token, ...settings });
  if (created.status !== 201) throw new Error(created.text);
  return { seller, projectId: created.body.project_id, token, botId };
}

export const shopperFrom = (chatId: string) => ({ id: Number(chatId), first_name: 'Ира', username: 'ira_buyer' });

/** What a shopper does in the emulator: writes, presses a button, or opens the menu button. */
export async function shopperActs(
  url: string,
  botId: string,
  chatId: string,
  action: Record<string, unknown>,
): Promise<{ status: number; body: { ok: boolean; url?: string; update_id?: number; description?: string } }> {
  const response = await fetch(`${url}/__emulators/telegram/updates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bot_id: Number(botId), from: shopperFrom(chatId), ...action }),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** A shopper writes to the bot (the emulator delivers it as Telegram would); answers the bot's replies to it. */
export async function shopperSays(
  url: string,
  bot: Pick<BotAction, 'botId'>,
  chatId: string,
  message: { text?: string; photo?: Buffer; press?: string },
  timeoutMs = 45_000,
): Promise<EmulatedMessage[]> {
  const before = (await telegramMessages(url, { bot_id: bot.botId, chat_id: chatId })).length;
  const action = message.text
    ? { text: message.text }
    : message.press
      ? { press: message.press }
      : { photo_base64: message.photo!.toString('base64') };
  const sent = await shopperActs(url, bot.botId, chatId, action);
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  return eventually(
    async () => {
      const replies = await telegramMessages(url, { bot_id: bot.botId, chat_id: chatId });
      return replies.length > before ? replies.slice(before) : undefined;
    },
    timeoutMs,
    'the bot to answer',
  );
}

/** The init data Telegram put in a Mini App's address (empty when it gave none). */
export function initDataOf(launchUrl: string): string {
  return new URLSearchParams(new URL(launchUrl).hash.slice(1)).get('tgWebAppData') ?? '';
}

/** «Мои баллы», line by line (other messages of the bot arriving meanwhile, an exchange's notice, are skipped). */
export async function balanceLines(url: string, bot: BotAction, chat: string): Promise<string[]> {
  const answers = async () =>
    (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).filter((x) => x.text?.startsWith('Ваши баллы'));
  const before = (await answers()).length;
  await shopperActs(url, bot.botId, chat, { text: '/balance' });
  const answer = await eventually(async () => (await answers())[before], 30_000, '«Мои баллы»');
  return answer.text!.split('\n');
}

/** An action with its bot (funded with `funds` rubles) and a shop whose one product costs `price` points. */
export async function actionWithShop(url: string, settings: Record<string, unknown>, price: number, funds: number) {
  const bot = await actionWithBot(url, settings, funds);
  const { settings: shop } = (await bot.seller.api.get(`/shop/settings?project_id=${bot.projectId}`)).body;
  const product = await bot.seller.api.post('/shop/products', { project_id: bot.projectId, title: 'Крем', price_points: price });
  if (product.status !== 200 && product.status !== 201) throw new Error(product.text);
  return { ...bot, shopToken: shop.token as string, productId: (product.body.product?.id ?? product.body.id) as number };
}
