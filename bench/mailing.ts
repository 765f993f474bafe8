import { createSeller } from '../tests/support/api-client.js';
import { startBenchServer } from './server.js';
import { eventually, newBotToken, newChatId, startChats, telegramMessages } from '../tests/support/telegram.js';
import { machineLine, table, type Row } from './report.js';

const RECIPIENTS = 3000;

/** One 3 000-recipient mailing against the Telegram emulator, which enforces 30 messages a second per bot. */
async function measure(database: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startBenchServer({ ...env, LOG_LEVEL: 'error' });
  try {
    const seller = await createSeller(server.url);
    const { token, botId } = newBotToken();
    const chats = Array.from({ length: RECIPIENTS }, newChatId);
    // Each recipient started the bot (Telegram lets a bot write only to them); not timed.
    await startChats(server.url, botId, chats);
    const started = performance.now();
    const answer = await seller.api.post('/mailing/send', {
      user_id: seller.id,
      bot_token: token,
      recipient_ids: chats,
      message: 'Бенчмарк',
    });
    if (answer.status !== 200) throw new Error(answer.text);
    const accepted = performance.now() - started;
    const done = await eventually(
      async () => {
        const { body } = await seller.api.get(`/mailing/${answer.body.id}`);
        return body.mailing.status === 'sending' ? undefined : body.mailing;
      },
      600_000,
      'the mailing to finish',
    );
    const messages = await telegramMessages(server.url, { bot_id: botId });
    const times = messages.map((message) => Date.parse(message.at)).sort((a, b) => a - b);
    const spanS = (times.at(-1)! - times[0]!) / 1000;
    const perChat = new Map<string, number>();
    for (const message of messages) perChat.set(String(message.chat_id), (perChat.get(String(message.chat_id)) ?? 0) + 1);
    const lost = chats.filter((chat) => !perChat.has(chat)).length;
    const duplicated = [...perChat.values()].filter((count) => count > 1).length;
    return [
      { scenario: `mailing of ${RECIPIENTS}: send call answered`, database, value: `${Math.round(accepted)} ms` },
      {
        scenario: `mailing of ${RECIPIENTS}: delivery rate (first to last message)`,
        database,
        value: `${(RECIPIENTS / spanS).toFixed(1)} msg/s (goal ≥ 28.5; Telegram allows 30)`,
      },
      { scenario: `mailing of ${RECIPIENTS}: status, sent, failed`, database, value: `${done.status}, ${done.sent}, ${done.failed}` },
      { scenario: `mailing of ${RECIPIENTS}: lost, duplicated`, database, value: `${lost}, ${duplicated}` },
    ];
  } finally {
    await server.stop();
  }
}

export async function mailingBench(postgresUrl: (name: string) => string | undefined): Promise<string> {
  const rows = await measure('PGlite', {});
  const pg = postgresUrl('bench_mailing');
  if (pg) rows.push(...(await measure('PostgreSQL 15', { DATABASE_URL: pg })));
  return `${machineLine('the Telegram emulator in the same process enforces 30 messages/s per bot and 1/s per chat.')}\n\n${table(rows)}`;
}
