import { randomBytes, randomInt } from 'node:crypto';

/** A well-formed bot token of a fresh bot (the emulator accepts any), so tests never share a bot's log. */
export function newBotToken(): { token: string; botId: string } {
  const botId = String(randomInt(1_000_000_000, 9_000_000_000));
  const secret = randomBytes(27).toString('base64url').slice(0, 35);
  return { token: `${botId}:${secret}`, botId };
}

/** A random positive Telegram user id, unique enough that chats of parallel tests never meet. */
export function newChatId(): string {
  return String(randomInt(100_000_000, 2 ** 40));
}

export interface EmulatedMessage {
  bot_id: number | string;
  chat_id: number | string;
  method: string;
  text?: string | null;
  caption?: string | null;
  photo?: string | null;
  file?: string | null;
  parse_mode?: string | null;
  reply_markup?: unknown;
  at: string;
}

export async function telegramMessages(baseUrl: string, filter: { bot_id?: string; chat_id?: string } = {}): Promise<EmulatedMessage[]> {
  const query = new URLSearchParams(filter as Record<string, string>).toString();
  const response = await fetch(`${baseUrl}/__emulators/telegram/messages${query ? `?${query}` : ''}`);
  if (!response.ok) throw new Error(`telegram emulator: ${response.status}`);
  return (await response.json()) as EmulatedMessage[];
}

export async function blockChat(baseUrl: string, chatId: string): Promise<void> {
  const response = await fetch(`${baseUrl}/__emulators/telegram/blocked`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: Number(chatId) }),
  });
  if (!response.ok) throw new Error(`telegram emulator: ${response.status}`);
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Shoppers start a bot (write /start to it): Telegram lets a bot write only to people who did. */
export async function startChats(baseUrl: string, botId: string | number, chatIds: readonly string[]): Promise<void> {
  for (const chatId of chatIds) {
    const started = await fetch(`${baseUrl}/__emulators/telegram/updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bot_id: Number(botId), from: { id: Number(chatId), first_name: 'Анна' }, text: '/start' }),
    });
    if (!started.ok) throw new Error(await started.text());
  }
}
