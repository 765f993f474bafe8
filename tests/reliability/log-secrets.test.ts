import { describe, expect, it } from 'vitest';
import { ApiClient, createSeller, uniqueEmail } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { creditViaCli } from '../support/operator.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { startServer, TEST_ADMIN_TOKEN, TEST_METRICS_TOKEN, TEST_SECRETS_KEY } from '../support/server-process.js';

const ROBOKASSA = {
  ROBOKASSA_MERCHANT_LOGIN: 'log-test-shop',
  ROBOKASSA_PASSWORD1: 'payment-secret-one-7731',
  ROBOKASSA_PASSWORD2: 'payment-secret-two-7732',
};
const INIT_DATA =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';

/**
 * Runs the failure cases of issue 15 against a server logging everything (trace), then
 * looks for every secret sent or produced in the captured output.
 */
describe.each(backends())('no secret in the log on $name', (backend) => {
  it('after failed registrations, logins, checks and a database that refuses writes', async () => {
    const env: Record<string, string> = { LOG_LEVEL: 'trace', ...ROBOKASSA };
    const databaseName = `scanapp_logs_${Date.now()}`;
    if (backend.clusterUrl) env.DATABASE_URL = createDatabase(backend.clusterUrl, databaseName);
    const server = await startServer(env, { readyTimeoutMs: 150_000 });
    const secrets: string[] = [TEST_ADMIN_TOKEN, TEST_SECRETS_KEY, TEST_METRICS_TOKEN, ...Object.values(ROBOKASSA).slice(1), INIT_DATA];
    try {
      const seller = await createSeller(server.url, { password: 'first-password-5561' });
      secrets.push(seller.password, seller.api.token!);
      await creditViaCli(server.url, seller.email, 30_000);
      expect((await seller.api.post('/activate', { user_id: seller.id })).status).toBe(200);
      const botToken = '7123456789:AAH-bot-token-secret-value-93';
      const action = await seller.api.post('/projects', {
        name: 'Логи',
        project_inns: '7707083893',
        puzzle_bot_token: botToken,
        puzzle_bot_points_variable: 'points',
      });
      expect(action.status).toBe(201);
      // The key made with the action, shown once in the creation's answer.
      secrets.push(action.body.api_key as string);
      const apiKey = (await seller.api.post(`/projects/${action.body.project_id}/api-key`)).body.api_key as string;
      secrets.push(botToken, apiKey);

      const anonymous = new ApiClient(server.url);
      await anonymous.post('/login', { email: seller.email, password: 'wrong-password-8812' });
      await anonymous.post('/login', { email: seller.email, password: 'nul-password-\u0000-4410' });
      await anonymous.post('/register', { name: 'Имя\u0000', email: uniqueEmail(), password: 'refused-password-3307' });
      await anonymous.post(
        '/check',
        { qrurl: 'garbage', project_id: action.body.project_id, user_id_tg: '1' },
        { headers: { 'x-api-key': apiKey } },
      );
      await anonymous.post('/check', { qrurl: 'garbage', project_id: 1, user_id_tg: '1', api_key: 'wrong-api-key-6620' });
      await anonymous.get('/profile', { token: 'forged-session-token-1177' });
      await anonymous.get('/profile', { headers: { 'x-telegram-init-data': INIT_DATA } });
      await anonymous.post('/register', { name: 'A', email: uniqueEmail(), password: 'p', init_data: INIT_DATA });
      await fetch(`${server.url}/lk/api/admin/verify`, { headers: { 'x-admin-token': 'wrong-admin-token-4491' } });
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
      await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-metrics-token-2284' } });
      await fetch(`${server.url}/lk/api/projects?token=query-token-secret-5519`);
      secrets.push(
        'wrong-metrics-token-2284',
        'wrong-password-8812',
        'nul-password-',
        'refused-password-3307',
        'wrong-api-key-6620',
        'forged-session-token-1177',
        'wrong-admin-token-4491',
        'query-token-secret-5519',
      );

      if (backend.clusterUrl) {
        // The write of issue 15: the database refuses the new user; its error used to carry the hash.
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        await client.query(`CREATE FUNCTION refuse_user() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END; $$;
                            CREATE TRIGGER refuse_user BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_user();`);
        await client.end();
        const refused = await anonymous.post('/register', { name: 'Отказ', email: uniqueEmail(), password: 'db-refused-password-2290' });
        expect(refused.status).toBe(500);
        secrets.push('db-refused-password-2290');
      }
    } finally {
      await server.stop();
    }
    const log = server.output();
    expect(log).toContain('request refused');
    if (backend.clusterUrl) expect(log).toContain('refused by the test');
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    expect(log).not.toMatch(/\$argon2/);
  }, 300_000);
});
