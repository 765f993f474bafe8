import { maskSecret } from '../../../contract/format.js';
import { messages } from '../../../contract/messages.js';
import { AppError } from '../../errors.js';
import type { TelegramClient } from '../../integrations/telegram/client.js';
import { TelegramError } from '../../integrations/telegram/errors.js';
import { isWellFormedBotToken } from '../../integrations/telegram/token.js';

const m = messages.mailing;

/**
 * Asks Telegram who a seller's bot is before its token is saved. A token Telegram refuses is the
 * seller's mistake (400); Telegram being unreachable is ours (503) and nothing is saved.
 */
export async function identifyBot(telegram: Pick<TelegramClient, 'getMe'>, token: string): Promise<{ id: number; username: string }> {
  if (!isWellFormedBotToken(token)) throw new AppError('bad_request', m.tokenMalformed);
  try {
    const bot = await telegram.getMe(token);
    return { id: bot.id, username: bot.username };
  } catch (error) {
    if (
      error instanceof TelegramError &&
      (error.kind === 'unauthorized' || error.kind === 'bad_request' || error.kind === 'chat_not_found')
    ) {
      throw new AppError('bad_request', m.tokenRejected);
    }
    throw new AppError('unavailable', m.telegramUnavailable);
  }
}

/**
 * Forms show a saved token only masked (SPEC §9) and send the mask back unchanged: the mask (or
 * the token itself) means "keep the saved token".
 */
export function isSavedToken(given: string, saved: string | null): saved is string {
  return saved !== null && (given === saved || given === maskSecret(saved));
}
