import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import { useHealthQuery } from '../../../api/system.js';

const b = messages.bot;
type BotFields = Pick<Action, 'telegram_bot_token' | 'telegram_bot_username' | 'telegram_bot_id'>;

/** Under the saved bot token: what keeping or clearing it does. */
export function TelegramBotNote({ action }: { action: BotFields }) {
  if (!action.telegram_bot_token) return null;
  return <p className="form-section__hint">{b.tokenKeepHint}</p>;
}

/**
 * At the top of the action page: the connected bot's @username with its t.me link and, in
 * demo mode, the way into the emulated chat with it — what a seller opens most, in sight
 * without unfolding the bot settings.
 */
export function TelegramBotLinks({ action }: { action: BotFields }) {
  const isDemo = useHealthQuery().data?.mode === 'demo';
  if (!action.telegram_bot_token) return null;
  return (
    <div className="action-bot-links">
      {action.telegram_bot_username && (
        <p>
          {b.connectedBot}{' '}
          <a href={`https://t.me/${action.telegram_bot_username}`} target="_blank" rel="noopener noreferrer">
            @{action.telegram_bot_username}
          </a>
        </p>
      )}
      {isDemo && action.telegram_bot_id !== null && (
        <p>
          <a
            className="button button--secondary"
            href={`/__emulators/telegram/chat?bot_id=${action.telegram_bot_id}`}
            target="_blank"
            rel="noopener"
          >
            {b.openDemoChat}
          </a>
        </p>
      )}
    </div>
  );
}
