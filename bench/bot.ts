/**
 * `npm run bench -- bot`: shoppers write to an action's bot at a steady rate, as Telegram delivers
 * them (open loop: each update is sent on its schedule whatever the answers), and the time from
 * an update's arrival at the Telegram emulator to the bot's answer accepted by the emulator's
 * sendMessage is measured: text QR codes at TEXT_RATE/s, then photos of receipt QR codes at
 * PHOTO_RATE/s. Every shopper writes once (Telegram allows a bot 1 message a second per chat),
 * every receipt is new to the action and registered with the tax emulator beforehand.
 *
 * The text updates go to BOTS actions' bots (of as many sellers) in turn: Telegram lets one bot
 * send about 30 messages a second, and the emulator answers 429 above that, so 100 answers a
 * second take at least four bots. The photos go to the first bot.
 *
 * The server runs with TELEGRAM_UPDATES=webhook: the emulator posts each update to the bot's
 * webhook as Telegram does (it accepts the bench's plain-HTTP PUBLIC_URL; Telegram needs HTTPS).
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { BILLING_DEFAULTS } from '../src/contract/billing.js';
import { DEMO_TAX_TOKEN } from '../src/server/config.js';
import { createFundedSeller } from '../tests/support/operator.js';
import { freshReceipt, registerReceipt } from '../tests/support/receipts.js';
import { type RunningServer } from '../tests/support/server-process.js';
import { startBenchServer } from './server.js';
import { newBotToken, telegramMessages } from '../tests/support/telegram.js';
import { machineLine, quantile, table, type Row } from './report.js';

const TEXT_RATE = 100;
/** Each bot answers 25 a second, under Telegram's (and the emulator's) 30 a second per bot. */
const BOTS = 4;
const PHOTO_RATE = 5;
/** Photos are sent for longer than text, so their percentiles rest on more than a few dozen. */
const PHOTO_DURATION_FACTOR = 3;
/** Updates sent before the measured ones, not counted: a fresh server compiles its code first. */
const WARM_UP_UPDATES = 200;
/** How long to wait for the last answers after the last update (the photos must not start behind a text backlog). */
const DRAIN_MS = 120_000;

interface Sent {
  botId: number;
  chatId: number;
  arrivedAt: number;
}

interface Bot {
  botId: number;
}

let nextShopper = 1_000_000;

async function botAction(server: RunningServer): Promise<Bot> {
  // Every check is charged: enough balance for thousands of them.
  const seller = await createFundedSeller(server.url, BILLING_DEFAULTS.project_subscription_price + 1_000_000);
  const { token, botId } = newBotToken();
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529', telegram_bot_token: token });
  if (created.status !== 201) throw new Error(created.text);
  return { botId: Number(botId) };
}

async function receiptQrs(emulatorUrl: string, count: number): Promise<string[]> {
  const qrs: string[] = [];
  for (let i = 0; i < count; i++) qrs.push(await registerReceipt(emulatorUrl, freshReceipt('wb-aurora-cosmetics')));
  return qrs;
}

/** A phone-like photo of a receipt's QR code: the code in a larger grey frame, as JPEG (as tests/api/bot.test.ts sends). */
async function qrPhoto(qr: string): Promise<string> {
  const code = await QRCode.toBuffer(qr, { width: 420, margin: 2 });
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 214, g: 210, b: 200 } } })
    .composite([{ input: code, top: 380, left: 240 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  return photo.toString('base64');
}

/** Sends one update per body at `ratePerSecond`, on schedule (not waiting for the answers). */
async function sendSteadily(emulatorUrl: string, bots: Bot[], bodies: Record<string, unknown>[], ratePerSecond: number): Promise<Sent[]> {
  const sent: Promise<Sent>[] = [];
  const started = performance.now();
  for (const [i, content] of bodies.entries()) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const chatId = nextShopper++;
    const bot = bots[i % bots.length]!;
    sent.push(
      fetch(`${emulatorUrl}/__emulators/telegram/updates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: bot.botId, from: { id: chatId, first_name: 'Покупатель' }, ...content }),
      }).then(async (response) => {
        // The update is in the emulator (and on its way to the webhook) once this is answered.
        const arrivedAt = Date.now();
        if (!response.ok) throw new Error(`emulator refused an update: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        return { botId: bot.botId, chatId, arrivedAt };
      }),
    );
  }
  return Promise.all(sent);
}

/** Matches each update with its bot's answer in its chat (every shopper writes once) and sums up. */
async function latencies(emulatorUrl: string, sent: Sent[]): Promise<string> {
  const deadline = Date.now() + DRAIN_MS;
  const key = (botId: number | string, chatId: number | string) => `${botId}:${chatId}`;
  const wanted = new Set(sent.map((update) => key(update.botId, update.chatId)));
  let answers = new Map<string, number>();
  for (;;) {
    answers = new Map();
    for (const message of await telegramMessages(emulatorUrl)) {
      const answer = key(message.bot_id, message.chat_id);
      if (wanted.has(answer) && !answers.has(answer)) answers.set(answer, Date.parse(message.at));
    }
    if (answers.size === sent.length || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const times = sent
    .flatMap((update) => {
      const answeredAt = answers.get(key(update.botId, update.chatId));
      return answeredAt === undefined ? [] : [answeredAt - update.arrivedAt];
    })
    .sort((a, b) => a - b);
  return `answered ${times.length} / ${sent.length}; p50 ${quantile(times, 0.5)} ms, p95 **${quantile(times, 0.95)} ms**, max ${times.at(-1) ?? NaN} ms`;
}

/** Linux's clock ticks of /proc's CPU times (USER_HZ, 100 on every Linux build that matters). */
const TICK_MS = 10;

/** CPU of a process so far, in ms: its main thread (the event loop) and all its threads. */
function processCpu(pid: number): { main: number; all: number } {
  let main = 0;
  let all = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended meanwhile
    }
    // After the command's ")": state is the 3rd field, utime and stime the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    all += ms;
    if (Number(task) === pid) main += ms;
  }
  return { main, all };
}

const loadAverage = () => os.loadavg()[0]!.toFixed(1);

async function measure(database: string, databaseUrl: string | undefined, durationS: number, emulatorsApart: boolean): Promise<Row[]> {
  // Apart: the Telegram and tax emulators are another ScanApp's in demo mode, in a process of their
  // own as the real services are remote, and the measured server reaches them through its
  // configuration (TELEGRAM_API_URL, TAX_API_URL with a token), as it reaches the real ones.
  const emulators = emulatorsApart ? await startBenchServer({ TRUST_PROXY: 'false' }) : undefined;
  const env: Record<string, string> = {
    TRUST_PROXY: 'false',
    TELEGRAM_UPDATES: 'webhook',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(emulators
      ? {
          TELEGRAM_API_URL: `${emulators.url}/__emulators/telegram`,
          TAX_API_URL: `${emulators.url}/__emulators/tax`,
          TAX_API_TOKEN: DEMO_TAX_TOKEN,
        }
      : {}),
  };
  const server = await startBenchServer(env);
  const emulatorUrl = (emulators ?? server).url;
  try {
    const bots: Bot[] = [];
    for (let i = 0; i < BOTS; i++) bots.push(await botAction(server));
    const textCount = TEXT_RATE * durationS;
    const photoCount = PHOTO_RATE * durationS * PHOTO_DURATION_FACTOR;
    const qrs = await receiptQrs(emulatorUrl, WARM_UP_UPDATES + textCount + photoCount);
    const text = (from: number, count: number) => qrs.slice(from, from + count).map((qr) => ({ text: qr }));
    const photos: Record<string, unknown>[] = [];
    for (const qr of qrs.slice(WARM_UP_UPDATES + textCount)) photos.push({ photo_base64: await qrPhoto(qr) });

    await latencies(emulatorUrl, await sendSteadily(emulatorUrl, bots, text(0, WARM_UP_UPDATES), TEXT_RATE));
    const pid = server.process.pid!;
    const [cpuBefore, loadBefore] = [processCpu(pid), loadAverage()];
    const textResult = await latencies(emulatorUrl, await sendSteadily(emulatorUrl, bots, text(WARM_UP_UPDATES, textCount), TEXT_RATE));
    const cpuAfter = processCpu(pid);
    const perUpdate = (ms: number) => (ms / textCount).toFixed(1);
    // The server's threads only: on PostgreSQL the database's own processes are not counted.
    const textCpu =
      `${perUpdate(cpuAfter.all - cpuBefore.all)} ms, of which its main thread ${perUpdate(cpuAfter.main - cpuBefore.main)} ms` +
      ` and its other threads ${perUpdate(cpuAfter.all - cpuAfter.main - (cpuBefore.all - cpuBefore.main))} ms;` +
      ` load average ${loadBefore} before, ${loadAverage()} after`;
    console.log(`${database} | text | ${textResult}`);
    console.log(`${database} | text CPU per update | ${textCpu}`);
    const photoResult = await latencies(emulatorUrl, await sendSteadily(emulatorUrl, bots.slice(0, 1), photos, PHOTO_RATE));
    console.log(`${database} | photo | ${photoResult}`);
    return [
      {
        scenario: `text QR, ${TEXT_RATE} updates/s for ${durationS} s, to ${BOTS} actions' bots in turn, each update a new shopper and a new receipt (goal p95 ≤ ${databaseUrl ? 50 : 100} ms)`,
        database,
        value: textResult,
      },
      {
        scenario: `text QR: the server process's CPU per update (user + system, from the first measured update to the last answer; ${databaseUrl ? 'the database runs in processes of its own' : 'PGlite runs in a worker thread of its own'})`,
        database,
        value: textCpu,
      },
      {
        scenario: `receipt photo (JPEG 900×1200), ${PHOTO_RATE} updates/s to one bot for ${durationS * PHOTO_DURATION_FACTOR} s (goal p95 ≤ 400 ms)`,
        database,
        value: photoResult,
      },
    ];
  } finally {
    await server.stop();
    await emulators?.stop();
  }
}

export async function botBench(
  postgresUrl: (name: string) => string | undefined,
  durationS: number,
  emulatorsApart: boolean,
): Promise<string> {
  const rows = await measure('PGlite', undefined, durationS, emulatorsApart);
  const pg = postgresUrl('bench_bot');
  if (pg) rows.push(...(await measure('PostgreSQL 15', pg, durationS, emulatorsApart)));
  return [
    machineLine(
      `webhook mode; ${emulatorsApart ? "the Telegram and tax emulators in a process of their own (`BENCH_BOT_EMULATORS=apart`: another ScanApp in demo mode, reached through TELEGRAM_API_URL and TAX_API_URL), the measured server's threads do only its own work" : 'the Telegram and tax emulators in the measured server (demo mode)'}; open loop, the updates sent on schedule through \`POST /__emulators/telegram/updates\`; latency from that call's answer to the \`at\` of the bot's answer in \`GET /__emulators/telegram/messages\` (one clock); ${WARM_UP_UPDATES} text updates before the measured ones not counted.`,
    ),
    '',
    table(rows),
  ].join('\n');
}
