import type { HealthResponse } from '../../contract/auth.js';
import { TELEGRAM_WEB_APP_SCRIPT, type Config } from '../config.js';
import { MAIL_CATCHER_PAGE } from '../integrations/mail/emulator.js';
import { TELEGRAM_EMULATOR_PREFIX, WEB_APP_SCRIPT_PATH } from '../integrations/telegram/emulator.js';

/** `GET /lk/api/health`: known from the configuration alone, so it is answered before the database is open. */
export function healthAnswer(config: Pick<Config, 'mode' | 'telegram' | 'mail'>): HealthResponse {
  return {
    status: 'ok',
    mode: config.mode,
    // The buyers' shop loads Telegram's Mini App script; in demo mode the emulator's stand-in.
    telegram_web_app_script: config.telegram.emulated ? `${TELEGRAM_EMULATOR_PREFIX}${WEB_APP_SCRIPT_PATH}` : TELEGRAM_WEB_APP_SCRIPT,
    demo_mailbox: config.mail.emulated ? MAIL_CATCHER_PAGE : null,
  };
}
