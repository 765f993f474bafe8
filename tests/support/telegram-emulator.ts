import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { TelegramEmulatorStore, type UploadLimits } from '../../src/server/integrations/telegram/emulator-store.js';
import { telegramEmulator } from '../../src/server/integrations/telegram/emulator.js';

/** A well-formed bot token of the given bot id (the emulator accepts any such token). */
export function botToken(botId: number, secret = 'AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-'): string {
  return `${botId}:${secret}`;
}

/**
 * The Telegram emulator on its own Fastify server on a random 127.0.0.1 port, the way the app mounts it.
 * `clock.frozenAt` stops the emulator's time (for exact rate-limit tests); undefined = real time.
 */
export async function startTelegramEmulator(
  options: { webhookRetryDelaysMs?: number[]; everyChatStarted?: boolean; uploadLimits?: UploadLimits } = {},
) {
  const clock: { frozenAt: number | undefined } = { frozenAt: undefined };
  const store = new TelegramEmulatorStore({
    now: () => clock.frozenAt ?? Date.now(),
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    uploadLimits: options.uploadLimits,
  });
  // Tests of the wire format, limits and files send to made-up chats; the rule that a bot writes
  // only to shoppers who started it has tests of its own (emulator-chats.test.ts).
  if (options.everyChatStarted) store.hasStarted = () => true;
  const app = Fastify();
  await app.register(telegramEmulator({ store }), { prefix: '/__emulators/telegram' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const controlUrl = `${baseUrl}/__emulators/telegram`;
  return {
    store,
    clock,
    baseUrl,
    /** The client's `apiRoot`. */
    apiRoot: controlUrl,
    control: async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${controlUrl}${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    close: () => app.close(),
  };
}
