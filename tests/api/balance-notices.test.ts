import { describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { messages } from '../../src/contract/messages.js';
import type { Seller } from '../support/api-client.js';
import { backends } from '../support/backends.js';
import { mailsTo, waitForMails } from '../support/mail.js';
import { createFundedSeller, creditViaCli, runAdminCli } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';

const PRICE = BILLING_DEFAULTS.project_subscription_price;
const m = messages.mail;

async function actionOf(seller: Seller): Promise<number> {
  const created = await seller.api.post('/projects', { name: 'Aurora', project_inns: '072196655529' });
  if (created.status !== 201) throw new Error(created.text);
  return created.body.project_id;
}

const check = async (url: string, seller: Seller, projectId: number) =>
  (
    await seller.api.post('/check', {
      project_id: projectId,
      qrurl: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')),
      user_id_tg: '100500',
    })
  ).body;

/** The balance watch, now (it also runs every ten minutes): how many sellers it told. */
async function watch(url: string): Promise<number> {
  const result = await runAdminCli(url, ['balance:watch']);
  if (result.code !== 0) throw new Error(result.stderr);
  return Number(/(\d+)\s*$/.exec(result.stdout.trim())?.[1]);
}

describe.each(backends())('balance notices by e-mail on $name', (backend) => {
  const url = backend.url;

  it(
    'a seller whose receipt was refused for lack of balance is told within seconds, once, with the way to top up',
    { timeout: 90_000 },
    async () => {
      const seller = await createFundedSeller(url, PRICE);
      const projectId = await actionOf(seller);
      expect((await check(url, seller, projectId)).data.status).toBe('seller_balance_low');
      // Within seconds: other sellers' refusals may have run the watch just before (one run per 5 s).
      const [mail] = await waitForMails(url, seller.email, 1, 30_000);
      expect(mail!.subject).toBe(m.suspendedSubject);
      expect(mail!.text).toContain(`${url}/dashboard`);
      expect(mail!.text.replace(/\u00a0/g, ' ')).toContain('На балансе 0 ₽, а проверка следующего чека стоит 8 ₽.');
      expect(mail!.html).toContain(m.topUpButton);
      // The same episode is not told twice, however often the watch runs.
      expect((await check(url, seller, projectId)).data.status).toBe('seller_balance_low');
      await watch(url);
      expect(await mailsTo(url, seller.email)).toHaveLength(1);
    },
  );

  it(
    'a balance that lasts under three days at the last week’s spending is told once; a top-up ends the episode',
    { timeout: 90_000 },
    async () => {
      // 33 ₽ after the action; three receipts at 8 ₽ leave 9 ₽, and 24 ₽ a week is 3,43 ₽ a day: 2 days.
      const seller = await createFundedSeller(url, PRICE + 33);
      const projectId = await actionOf(seller);
      for (let i = 0; i < 3; i++) expect((await check(url, seller, projectId)).data.status).toBe('success');
      // An analytics read counts the receipts first: the watch reads the day's fees from there.
      await seller.api.get(`/analytics?period=7`);
      await watch(url);
      const [mail] = await waitForMails(url, seller.email);
      expect(mail!.subject).toBe('Баланса ScanApp хватит примерно на 2 дня');
      expect(mail!.text.replace(/\u00a0/g, ' ')).toContain('в среднем 3,43 ₽ в день. На балансе 9 ₽');
      await watch(url);
      expect(await mailsTo(url, seller.email)).toHaveLength(1);

      await creditViaCli(url, seller.email, 1000);
      await watch(url);
      expect(await mailsTo(url, seller.email)).toHaveLength(1);
    },
  );
});
