import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import { decodeReceiptQr } from '../../src/server/modules/bot/qr-photo.js';
import { createSeller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { createFundedSeller } from '../support/operator.js';
import { newBotToken } from '../support/telegram.js';

const WB_SELLER = '072196655529';

/** What the cabinet needs around the shoppers' bot: the bot's id on the action, and the demo receipt's QR picture. */
describe.each(backends())('the shoppers’ bot in the cabinet on $name', (backend) => {
  const url = backend.url;

  it('the action answers its bot’s id (the number before the colon), null without a bot', async () => {
    const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price * 2 + 100);
    const { token, botId } = newBotToken();
    const withBot = (await seller.api.post('/projects', { name: 'С ботом', project_inns: WB_SELLER, telegram_bot_token: token })).body
      .project_id;
    const withoutBot = (await seller.api.post('/projects', { name: 'Без бота', project_inns: WB_SELLER })).body.project_id;
    expect((await seller.api.get(`/projects/${withBot}`)).body.project.telegram_bot_id).toBe(Number(botId));
    expect((await seller.api.get(`/projects/${withoutBot}`)).body.project.telegram_bot_id).toBeNull();
    const listed = (await seller.api.get('/projects')).body.projects as { id: number; telegram_bot_id: number | null }[];
    expect(listed.find((action) => action.id === withBot)?.telegram_bot_id).toBe(Number(botId));

    await seller.api.request('PUT', `/projects/${withBot}`, { body: { telegram_bot_token: '' } });
    expect((await seller.api.get(`/projects/${withBot}`)).body.project).toMatchObject({ telegram_bot_token: null, telegram_bot_id: null });
  });

  it('a demo receipt’s QR picture is a PNG the bot’s decoder reads back; only for a signed-in seller; an empty QR is refused', async () => {
    const seller = await createFundedSeller(url, BILLING_DEFAULTS.project_subscription_price + 100);
    const projectId = (await seller.api.post('/projects', { name: 'Aurora', project_inns: WB_SELLER })).body.project_id;
    const { qrurl } = (await seller.api.post('/demo/receipts', { project_id: projectId })).body as { qrurl: string };
    const picture = (token: string | undefined, qr: string) =>
      fetch(`${url}/lk/api/demo/receipts/qr.png?${new URLSearchParams({ qr })}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    const answer = await picture(seller.api.token!, qrurl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    const png = Buffer.from(await answer.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect((await decodeReceiptQr(png))?.text).toBe(qrurl);

    expect((await picture(undefined, qrurl)).status).toBe(401);
    const other = await createSeller(url);
    expect((await picture(other.api.token!, qrurl)).status).toBe(200);
    const empty = await picture(seller.api.token!, '  ');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: messages.receipts.qrRequired });
  });

  it('the demo chat page opens at the emulator’s address', async () => {
    const page = await fetch(`${url}/__emulators/telegram/chat?bot_id=123`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('id="root"');
  });
});
