import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { TELEGRAM_WEB_APP_SCRIPT } from '../../src/server/config.js';
import { verifyInitData } from '../../src/server/modules/shop/init-data.js';
import { ApiClient } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller } from '../support/operator.js';
import { startServer } from '../support/server-process.js';
import { newBotToken, newChatId } from '../support/telegram.js';

const p = messages.publicShop;
const TELEGRAM_SCRIPT = TELEGRAM_WEB_APP_SCRIPT;

async function openShop(url: string, options: { mailingBot: boolean }) {
  const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
  const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' })).body.project_id as number;
  const { token: botToken } = newBotToken();
  if (options.mailingBot) await seller.api.post('/mailing/settings', { bot_token: botToken });
  const { settings } = (await seller.api.get(`/shop/settings?project_id=${projectId}`)).body;
  return { seller, projectId, token: settings.token as string, botToken };
}

const signDemo = (url: string, token: string, body: unknown) => new ApiClient(url).post(`/demo/shop/${token}/init-data`, body);

describe.each(backends())('the Mini App in demo mode on $name', (backend) => {
  const url = backend.url;

  it('health names the emulator’s stand-in for Telegram’s Mini App script, which the emulator serves', async () => {
    const health = await new ApiClient(url).get('/health');
    expect(health.body).toEqual({ status: 'ok', mode: 'demo', telegram_web_app_script: '/__emulators/telegram/telegram-web-app.js' });
    const script = await fetch(`${url}${health.body.telegram_web_app_script}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const text = await script.text();
    expect(text).toContain('window.Telegram.WebApp = webApp');
    expect(() => new Function(text)).not.toThrow();
  });

  it('signs init data for a demo buyer with the shop’s bot, and the buyer calls accept it', async () => {
    const shop = await openShop(url, { mailingBot: true });
    const buyer = Number(newChatId());
    const signed = await signDemo(url, shop.token, { user_id: buyer });
    expect(signed.status).toBe(200);
    const initData = signed.body.init_data as string;
    expect(verifyInitData(initData, shop.botToken, new Date())).toMatchObject({ id: buyer, first_name: p.demoBuyerName });
    const me = await new ApiClient(url).get(`/public/shop/${shop.token}/me`, { headers: { 'x-telegram-init-data': initData } });
    expect(me.body).toEqual({ points: 0, orders: [] });
  });

  it('without a bot token there is nothing to sign with: 409 telling the seller to save one', async () => {
    const shop = await openShop(url, { mailingBot: false });
    const answer = await signDemo(url, shop.token, { user_id: 100500 });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: p.demoBotTokenMissing });
  });

  it.each([
    ['an unknown token', 'x'.repeat(32), { user_id: 1 }, 404, p.tokenNotFound],
    ['a malformed token', 'short', { user_id: 1 }, 400, p.tokenNotFound],
    ['no buyer id', null, {}, 400, p.telegramIdUnknown],
    ['a negative buyer id', null, { user_id: -5 }, 400, p.telegramIdUnknown],
    ['a fractional buyer id', null, { user_id: 1.5 }, 400, p.telegramIdUnknown],
    ['an empty name', null, { user_id: 1, first_name: ' ' }, 400, p.demoBuyerNameInvalid],
  ])('%s is refused', async (_name, token, body, status, message) => {
    const shopToken = token ?? (await openShop(url, { mailingBot: true })).token;
    const answer = await signDemo(url, shopToken, body);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message });
  });
});

describe('the Mini App with the real Telegram', () => {
  it('health names Telegram’s own script, and there is no demo signing route', { timeout: 120_000 }, async () => {
    // Any Telegram API address turns the emulator off; this server never calls it here.
    const server = await startServer({ TELEGRAM_API_URL: 'http://127.0.0.1:9/telegram' });
    try {
      const health = await new ApiClient(server.url).get('/health');
      expect(health.body.telegram_web_app_script).toBe(TELEGRAM_SCRIPT);
      const answer = await signDemo(server.url, 'x'.repeat(32), { user_id: 1 });
      expect(answer.status).toBe(404);
      expect((await fetch(`${server.url}/__emulators/telegram/telegram-web-app.js`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
