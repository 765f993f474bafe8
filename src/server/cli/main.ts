/**
 * Operator CLI: `npm run admin -- <command>`. It talks to the running server over HTTP
 * (PGlite allows one process, so the CLI cannot open the database itself), authenticated
 * by ADMIN_TOKEN.
 *
 *   user:credit <email> <rubles> [--reason TEXT] [--reference ID]   (an invoice number СЧ-… pays that invoice)
 *   settings:set <key> <value>   a billing price, or an operator detail for the public pages
 *   settings:unset <key>         removes an operator detail (production pages leave it out)
 *   settings:list
 *   analytics:rebuild
 *   balance:watch          tells sellers now whose actions stopped, or soon will, for lack of balance
 *   verify                 checks the data invariants; exit code 2 when any is violated
 *   secrets:rotate         re-seals every stored bot token under SECRETS_KEY (after a key change; idempotent)
 *   draw:verify <id>       re-computes a closed prize draw from its public page's values (a beacon draw's round signature
 *                          against the configured drand chain); exit code 2 on a mismatch
 *   uploads:migrate --to db|s3   copies every stored image into that store (idempotent); exit code 2 when any is missing or differs
 *   Options: --url http://127.0.0.1:3000 (default: this machine, PORT)
 */
import { createHash, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ADMIN_TOKEN_HEADER, API_BASE } from '../../contract/constants.js';
import { verifyDraw, type HashedTickets } from '../../contract/draw-fairness.js';
import type { BeaconChain } from '../../contract/draw-beacon.js';
import type { PublicDraw } from '../../contract/draws.js';
import type { AdminImageMigrationResponse } from '../../contract/uploads.js';
import { ConfigError, loadConfig } from '../config.js';

const USAGE = `Usage: npm run admin -- <command>
  user:credit <email> <rubles> [--reason TEXT] [--reference ID]   credit a bank-transfer payment; a reference that is
                                                                  an invoice number (СЧ-000123) pays that invoice
  settings:set <key> <value>                                      change a billing price (rubles) or an operator detail:
                                                                  company_name, company_inn, company_ogrn, company_address,
                                                                  company_bank, contact_email, contact_telegram,
                                                                  demo_video_url, example_projects (a JSON list)
  settings:unset <key>                                            remove an operator detail
  settings:list                                                   show billing prices and operator details
  analytics:rebuild                                               recompute analytics from the receipts
  balance:watch                                                   send the balance notices due now (runs every 10 minutes anyway)
  verify                                                          check the data invariants (exit code 2 on a violation)
  secrets:rotate                                                  re-seal the stored bot tokens under the servers' SECRETS_KEY
                                                                  (run after restarting them with the old key in SECRETS_KEY_PREVIOUS)
  draw:verify <id>                                                re-compute a closed prize draw from its published values
                                                                  (exit code 2 when anything differs)
  uploads:migrate --to db|s3                                      copy every image into that store while the server keeps serving;
                                                                  what is there already is skipped, each copy's SHA-256 checked
                                                                  (exit code 2 when an image is missing or a copy differs)
Options: --url URL (default http://127.0.0.1:$PORT). Needs ADMIN_TOKEN, the same as the server's (draw:verify does not).`;

/** How `settings:list` shows an operator detail that is not set. */
const NOT_SET = '(не задано)';

/** Distinct from 1 (the call itself failed), so scripts can tell "bad data" from "no answer". */
const EXIT_VIOLATIONS = 2;

async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}${API_BASE}/admin${path}`, {
    method,
    headers: { [ADMIN_TOKEN_HEADER]: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  if (!response.ok) {
    const message = (parsed as { message?: string })?.message ?? text;
    throw new Error(`${response.status}: ${message}`);
  }
  return parsed;
}

/**
 * A draw's frozen list as its page publishes it (`tickets_url`), read as it streams in: its SHA-256 is
 * taken over the text as it came, and of each line only the ticket's and the shopper's numbers are
 * kept (8 bytes a ticket, not an object), so a million tickets verify in a few megabytes. A list
 * out of ticket order is not the canonical text: its hash is reported as not matching.
 */
async function streamedTickets(url: string, path: string, expected: number): Promise<HashedTickets> {
  const response = await fetch(`${url}${path}`);
  if (!response.ok || !response.body) throw new Error(`${response.status}: ${await response.text()}`);
  const digest = createHash('sha256');
  let tickets = new Int32Array(Math.max(expected, 1));
  let shoppers = new Int32Array(tickets.length);
  let size = 0;
  let canonical = true;
  let rest = '';
  const decoder = new TextDecoder();
  const take = (line: string) => {
    const [ticket, receipt, shopper, extra] = line.split(';').map(Number);
    if (extra !== undefined || [ticket, receipt, shopper].some((n) => !Number.isInteger(n) || n! <= 0))
      throw new Error(`not a ticket line: ${line}`);
    if (size === tickets.length) {
      tickets = growTo(tickets, size * 2);
      shoppers = growTo(shoppers, size * 2);
    }
    if (size > 0 && ticket! <= tickets[size - 1]!) canonical = false;
    tickets[size] = ticket!;
    shoppers[size] = shopper!;
    size += 1;
  };
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    digest.update(chunk);
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop()!;
    lines.forEach(take);
  }
  rest += decoder.decode();
  // The canonical text ends every line with a line feed: anything after the last one is not of it.
  if (rest !== '') canonical = false;
  return {
    hash: canonical ? digest.digest('hex') : 'not the canonical list',
    pool: {
      size,
      ticketAt: async (position) => ({ ticket: tickets[position]!, shopper: shoppers[position]! }),
      positionsOf: async (shopper) => {
        const positions: number[] = [];
        for (let position = 0; position < size; position++) if (shoppers[position] === shopper) positions.push(position);
        return positions;
      },
    },
  };
}

function growTo(array: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}

/**
 * Reads the draw as anyone can (its public page's data and ticket list, no token) and re-computes it with the same
 * code the server used: a beacon draw's round signature against the drand chain this installation
 * is set to (contract/draw-beacon.ts), a draw made before it with its seed and commitment
 * (contract/draw-fairness.ts); then the ticket list against its hash and the winners against both.
 */
async function verifyPublishedDraw(url: string, id: number, chain: BeaconChain): Promise<number> {
  const response = await fetch(`${url}${API_BASE}/public/draws/${id}`);
  const draw = (await response.json()) as PublicDraw & { message?: string };
  if (!response.ok) throw new Error(`${response.status}: ${draw.message ?? ''}`);
  const mark = (ok: boolean) => (ok ? 'совпадает' : 'НЕ СОВПАДАЕТ');
  const winners = draw.winners.map((winner) => winner.ticket);
  const header = () => console.log(`Розыгрыш №${id} «${draw.title}»: билетов ${draw.tickets_count}, победителей ${draw.winners.length}`);
  const tickets = () => streamedTickets(url, draw.tickets_url!, draw.tickets_count);
  const footer = (check: { tickets_hash: boolean; winners: boolean }) => {
    console.log(`SHA-256 списка билетов: ${mark(check.tickets_hash)}`);
    console.log(`Победители, вычисленные заново: ${mark(check.winners)} (билеты ${winners.join(', ') || 'нет'})`);
  };
  if (draw.drand) {
    if (draw.beacon === null || draw.tickets_hash === null) {
      console.log(
        `Розыгрыш №${id} «${draw.title}» ещё не разыгран: победителей определит раунд drand № ${draw.drand.round} (${draw.drand.round_at}).`,
      );
      return EXIT_VIOLATIONS;
    }
    // Loaded here: the curve code is the CLI's heaviest import, and only this command needs it.
    const { verifyBeaconDraw } = await import('../../contract/draw-beacon.js');
    const published: BeaconChain = {
      hash: draw.drand.chain_hash,
      public_key: draw.drand.public_key,
      scheme_id: draw.drand.scheme_id,
      period: draw.drand.period,
      genesis_time: draw.drand.genesis_time,
    };
    const chainOk = published.hash === chain.hash && published.public_key === chain.public_key && published.scheme_id === chain.scheme_id;
    const check = await verifyBeaconDraw({
      chain: published,
      round: draw.drand.round,
      beacon: draw.beacon,
      tickets_hash: draw.tickets_hash,
      winners_requested: draw.winners_count,
      tickets: await tickets(),
      winners,
    });
    header();
    console.log(`Сеть drand ${published.hash} и её открытый ключ — те, что заданы в настройках: ${mark(chainOk)}`);
    console.log(`BLS-подпись раунда № ${draw.drand.round} (${draw.drand.round_at}) и его случайное число: ${mark(check.beacon)}`);
    footer(check);
    return chainOk && check.beacon && check.tickets_hash && check.winners ? 0 : EXIT_VIOLATIONS;
  }
  if (draw.seed === null || draw.tickets_hash === null || draw.commitment === null) {
    console.log(`Розыгрыш №${id} «${draw.title}» ещё идёт: зерно раскроется после завершения (${draw.closes_at}).`);
    return EXIT_VIOLATIONS;
  }
  const check = await verifyDraw({
    commitment: draw.commitment,
    tickets_hash: draw.tickets_hash,
    seed: draw.seed,
    winners_requested: draw.winners_count,
    tickets: await tickets(),
    winners,
  });
  header();
  console.log(`SHA-256 зерна и опубликованное обязательство: ${mark(check.commitment)}`);
  footer(check);
  return check.commitment && check.tickets_hash && check.winners ? 0 : EXIT_VIOLATIONS;
}

/** Pages through every image (the server copies one page per call) and prints the totals. */
async function migrateImages(url: string, token: string, to: string): Promise<number> {
  const totals = { copied: 0, skipped: 0, missing: 0, failed: 0 };
  let afterId: number | null = 0;
  while (afterId !== null) {
    const page = (await call(url, token, 'POST', '/uploads/migrate', { to, after_id: afterId })) as AdminImageMigrationResponse;
    for (const count of Object.keys(totals) as (keyof typeof totals)[]) totals[count] += page[count];
    afterId = page.next_after_id;
  }
  console.log(
    `Изображения → ${to}: скопировано ${totals.copied}, уже были ${totals.skipped}, не найдено ${totals.missing}, не совпал хеш ${totals.failed}`,
  );
  return totals.missing + totals.failed > 0 ? EXIT_VIOLATIONS : 0;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      reference: { type: 'string' },
      url: { type: 'string' },
      to: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  const config = loadConfig(process.env);
  const url = (values.url ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  // A draw is checked from what anyone can read: no operator token needed.
  if (command === 'draw:verify') {
    const [id] = rest;
    if (id && /^\d+$/.test(id)) return verifyPublishedDraw(url, Number(id), config.drand.chain);
    console.error(USAGE);
    return 64;
  }
  if (!config.adminToken) {
    console.error('ADMIN_TOKEN is not set: operator access is disabled. Set the same ADMIN_TOKEN as the running server.');
    return 77;
  }
  const token = config.adminToken;

  switch (command) {
    case 'user:credit': {
      const [email, rubles] = rest;
      if (!email || !rubles) break;
      // One reference per invocation unless the operator names the payment order: a retry
      // with the same --reference never credits twice.
      const reference = values.reference ?? `cli-${randomUUID()}`;
      const result = (await call(url, token, 'POST', '/credit', { email, rubles, reason: values.reason, reference })) as {
        message: string;
        balance: number;
      };
      console.log(`${result.message}. Баланс: ${result.balance} ₽ (reference: ${reference})`);
      return 0;
    }
    case 'settings:set': {
      // Unquoted words are one value: `settings:set company_address 123456, г. Москва, …`.
      const [key, ...words] = rest;
      if (!key || words.length === 0) break;
      const result = (await call(url, token, 'PUT', `/settings/${encodeURIComponent(key)}`, { value: words.join(' ') })) as {
        message: string;
        value: unknown;
      };
      console.log(`${result.message}: ${key} = ${String(result.value)}`);
      return 0;
    }
    case 'settings:unset': {
      const [key] = rest;
      if (!key) break;
      const result = (await call(url, token, 'DELETE', `/settings/${encodeURIComponent(key)}`)) as { message: string };
      console.log(`${result.message}: ${key}`);
      return 0;
    }
    case 'settings:list': {
      const settings = (await call(url, token, 'GET', '/settings')) as Record<string, { value: number | string | null }>;
      for (const [key, { value }] of Object.entries(settings)) console.log(`${key}\t${value ?? NOT_SET}`);
      return 0;
    }
    case 'balance:watch': {
      const result = (await call(url, token, 'POST', '/balance/watch')) as { told: number };
      console.log(`Уведомлений о балансе отправлено: ${result.told}`);
      return 0;
    }
    case 'analytics:rebuild': {
      const result = (await call(url, token, 'POST', '/analytics/rebuild')) as { message: string; receipts: number; milliseconds: number };
      console.log(`${result.message}: ${result.receipts} чеков, ${result.milliseconds} мс`);
      return 0;
    }
    case 'secrets:rotate': {
      const result = (await call(url, token, 'POST', '/secrets/rotate')) as { resealed: number; skipped: number };
      console.log(
        `Перешифровано под текущим ключом: ${result.resealed}, изменено другими во время прохода (уже под текущим): ${result.skipped}`,
      );
      return 0;
    }
    case 'verify': {
      const result = (await call(url, token, 'GET', '/verify')) as { checks: string[]; violations: { check: string; detail: string }[] };
      for (const violation of result.violations) console.log(`НАРУШЕНИЕ ${violation.check}: ${violation.detail}`);
      console.log(`Проверок: ${result.checks.length}, нарушений: ${result.violations.length}`);
      return result.violations.length > 0 ? EXIT_VIOLATIONS : 0;
    }
    case 'uploads:migrate': {
      if (!values.to) break;
      return migrateImages(url, token, values.to);
    }
  }
  console.error(USAGE);
  return 64;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`);
    process.exit(1);
  },
);
