import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import { useHealthQuery } from '../../../api/system.js';
import { demoChatHref } from '../../../lib/demo-chat-href.js';

const b = messages.bot;
type BotFields = Pick<Action, 'id' | 'telegram_bot_token' | 'telegram_bot_username' | 'telegram_bot_id'>;

/** Under the saved bot token: what keeping or clearing it does. */
export function TelegramBotNote({ action }: { action: BotFields }) {
  if (!action.telegram_bot_token) return null;
  return <p className="form-section__hint">{b.tokenKeepHint}</p>;
}

/**
 * At the top of the action page: the connected bot's @username with its t.me link and, in
 * demo mode, the way into the emulated chat with it — what a seller opens most, in sight
 * without unfolding the bot settings. In demo mode the @username opens the demo chat too: the
 * bot exists only in the emulator, so its t.me page would be somebody else's or nobody's.
 */
export function TelegramBotLinks({ action }: { action: BotFields }) {
  const isDemo = useHealthQuery().data?.mode === 'demo';
  if (!action.telegram_bot_token) return null;
  const demoChat = isDemo ? demoChatHref(action) : null;
  return (
    <div className="action-bot-links">
      {action.telegram_bot_username && (
        <p>
          {b.connectedBot}{' '}
          <a
            href={demoChat ?? `https://t.me/${action.telegram_bot_username}`}
            target="_blank"
            rel={demoChat ? 'noopener' : 'noopener noreferrer'}
          >
            @{action.telegram_bot_username}
          </a>
        </p>
      )}
      {demoChat && (
        <p>
          <a className="button button--secondary" href={demoChat} target="_blank" rel="noopener">
            {b.openDemoChat}
          </a>
        </p>
      )}
    </div>
  );
}
