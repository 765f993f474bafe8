import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { fillMessage, messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, uniqueEmail } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { createFundedSeller, runAdminCli, verifyData } from '../support/operator.js';

const refusedText = (field: string) => ({ message: fillMessage(messages.common.invalidCharacters, { field }) });
/** Each one used to reach the database (NUL: "invalid byte sequence"; a lone surrogate: no UTF-8 for it). */
const UNSTORABLE = ['a\u0000b', 'x\ud800y', 'bell\u0007', '\u001b[31mred'];

describe.each(backends())('hardening on $name', (backend) => {
  const url = backend.url;

  describe('text no field can hold is a Russian 400 and writes nothing', () => {
    it('in the name and email at registration, and the email at login', async () => {
      for (const bad of UNSTORABLE) {
        const email = uniqueEmail();
        const register = await new ApiClient(url).post('/register', { name: bad, email, password: 'secret 42' });
        expect(register.status).toBe(400);
        expect(register.body).toEqual(refusedText('name'));
        expect((await new ApiClient(url).post('/login', { email, password: 'secret 42' })).status).toBe(401);

        const login = await new ApiClient(url).post('/login', { email: `${bad}@example.test`, password: 'secret 42' });
        expect(login.status).toBe(400);
        expect(login.body).toEqual(refusedText('email'));
      }
    });

    it("in an action's name, command texts, bot fields and product keywords", async () => {
      const seller = await createFundedSeller(url, 10_000);
      const valid = { name: 'Акция', project_inns: '7707083893' };
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'Акция\u0000' }, 'name'],
        [{ command_success: 'Спасибо!\u0000' }, 'command_success'],
        [{ command_not_recognized: '\udfff' }, 'command_not_recognized'],
        [{ puzzle_bot_token: 'tok\u0000en' }, 'puzzle_bot_token'],
        [{ puzzle_bot_points_variable: 'points\u0001' }, 'puzzle_bot_points_variable'],
        [{ product_keywords: ['крем', 'сыв\u0000оротка'] }, 'product_keywords.1'],
        [{ product_keywords: 'крем, \ud83d' }, 'product_keywords'],
      ];
      for (const [change, field] of cases) {
        const answer = await seller.api.post('/projects', { ...valid, ...change });
        expect(answer.status, field).toBe(400);
        expect(answer.body).toEqual(refusedText(field));
      }
      expect((await seller.api.get('/projects')).body.projects).toEqual([]);

      const created = await seller.api.post('/projects', { ...valid, command_success: 'Строка 1\nСтрока 2\tс табуляцией' });
      expect(created.status).toBe(201);
      const id = created.body.project_id as number;
      const update = await seller.api.request('PUT', `/projects/${id}`, { body: { ...valid, command_too_old: 'old\u0000' } });
      expect(update.status).toBe(400);
      expect(update.body).toEqual(refusedText('command_too_old'));
      const stored = (await seller.api.get(`/projects/${id}`)).body.project;
      expect(stored.command_success).toBe('Строка 1\nСтрока 2\tс табуляцией');
      expect(stored.command_too_old).toBeNull();
    });

    it('in the QR text of a receipt check, the buyer id and a query parameter', async () => {
      const seller = await createSeller(url);
      const qr = await seller.api.post('/check', {
        qrurl: 't=20240101T1200&s=100.00&fn=1\u0000&i=1&fp=1&n=1',
        user_id: seller.id,
        project_id: 1,
        user_id_tg: '1',
      });
      expect(qr.status).toBe(400);
      expect(qr.body).toEqual(refusedText('qrurl'));
      const buyer = await seller.api.post('/check', { qrurl: 'x', user_id: seller.id, project_id: 1, user_id_tg: '1\u0000' });
      expect(buyer.body).toEqual(refusedText('user_id_tg'));
      const query = await seller.api.get('/receipts?search=%00');
      expect(query.status).toBe(400);
      expect(query.body).toEqual(refusedText('search'));
    });

    it('in an object key of the body', async () => {
      const answer = await new ApiClient(url).request('POST', '/login', { rawBody: '{"email":"a@b.ru","password":"x","\\u0000":1}' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/недопустимые символы/);
    });
  });

  describe("the router's own refusals answer in Russian through the one error handler", () => {
    it('an over-long path parameter is 414, a malformed escape 400, on every action route', async () => {
      const seller = await createSeller(url);
      for (const suffix of ['', '/renew', '/api-key']) {
        for (const method of suffix ? ['POST'] : ['PUT', 'GET', 'DELETE']) {
          const long = await seller.api.request(method, `/projects/${'x'.repeat(2000)}${suffix}`);
          expect(long.status, `${method} long${suffix}`).toBe(414);
          expect(long.body).toEqual({ message: messages.common.urlTooLong });
          const bad = await seller.api.request(method, `/projects/%E0%A4%A${suffix}`);
          expect(bad.status, `${method} bad${suffix}`).toBe(400);
          expect(bad.body).toEqual({ message: messages.common.badUrl });
        }
      }
    });

    it('a header Node refuses', async () => {
      const send = (raw: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const target = new URL(url);
          const socket = net.connect(Number(target.port), target.hostname, () => socket.write(raw));
          let data = '';
          socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
          socket.on('end', () => resolve({ status: Number(data.split(' ')[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
          socket.on('error', reject);
        });
      const badHeader = await send('GET /lk/api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n');
      expect(badHeader.status).toBe(400);
      expect(JSON.parse(badHeader.body)).toEqual({ message: messages.common.badRequest });
    });
  });

  describe('operator verify', () => {
    it('is clean after normal work, through the CLI too (exit code 0)', async () => {
      await createFundedSeller(url, 5_000);
      expect((await verifyData(url)).violations).toEqual([]);
      const cli = await runAdminCli(url, ['verify']);
      expect(cli.code).toBe(0);
      expect(cli.stdout).toMatch(/нарушений: 0/);
    });

    it.runIf(backend.name === 'postgres')('reports a balance that disagrees with the ledger, and exits with 2', async () => {
      const seller = await createFundedSeller(url, 5_000);
      const corrupt = (delta: number) =>
        withPostgres(backend, (client) =>
          client.query('UPDATE users SET balance_kopecks = balance_kopecks + $1 WHERE id = $2', [delta, seller.id]),
        );
      await corrupt(100);
      try {
        const report = await verifyData(url);
        const mine = report.violations.filter((violation) => violation.detail.startsWith(`продавец ${seller.id}:`));
        expect(mine.map((violation) => violation.check).sort()).toEqual([
          'seller_balance_equals_last_ledger_row',
          'seller_balance_equals_ledger',
        ]);
        const cli = await runAdminCli(url, ['verify']);
        expect(cli.code).toBe(2);
        expect(cli.stdout).toContain(`НАРУШЕНИЕ seller_balance_equals_ledger: продавец ${seller.id}:`);
      } finally {
        await corrupt(-100);
      }
      expect((await verifyData(url)).violations).toEqual([]);
    });
  });
});
