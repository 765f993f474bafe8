import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../src/contract/audit.js';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { TEAM_INVITATION_PATH } from '../../src/contract/constants.js';
import { messages } from '../../src/contract/messages.js';
import { roleAllows, type MemberRole, type TeamRole } from '../../src/contract/team.js';
import { UPLOAD_IMAGE_PATH } from '../../src/contract/uploads.js';
import { signInitData } from '../../src/server/integrations/telegram/web-app-init-data.js';
import { routeRequirement } from '../../src/server/modules/auth/permissions.js';
import { ApiClient, createSeller, uniqueEmail, type ApiAnswer, type Seller } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { actionWithBot, shopperActs, shopperSays, WB_SELLER, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { linkIn, waitForMails } from '../support/mail.js';
import { createFundedSeller } from '../support/operator.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newBotToken, newChatId, telegramMessages } from '../support/telegram.js';

const t = messages.team;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;
/** No row has this id: a walk's call with it reaches no one's data. */
const NOBODY = '2147483000';

/**
 * The cabinet's write routes that leave no entry in the audit log, and why. Every other write
 * route must (the table-driven test below calls each one): a route added later without an entry,
 * or without a line here, fails it.
 */
const UNAUDITED_WRITES: Record<string, string> = {
  'POST /logout': "the person's own account, not the seller's cabinet",
  'PUT /profile': "the person's own account, not the seller's cabinet",
  'POST /password/change': "the person's own account, not the seller's cabinet",
  'POST /email/change': "the person's own account, not the seller's cabinet",
  'PUT /profile/notifications': "the person's own account, not the seller's cabinet",
  'POST /profile/telegram-link': "the person's own account, not the seller's cabinet",
  'POST /segments/preview': 'a read made with POST: counts shoppers, writes nothing',
  'POST /demo/receipts': "demo mode only: a test receipt in the tax emulator, nothing of the seller's",
  [`POST ${UPLOAD_IMAGE_PATH}`]: 'stores a picture; the product, draw or mailing that uses it is what is logged',
  'POST /product-rules/files': "stores a guide's file; the rule that names it is what is logged",
  'POST /activate': "money, the owner's only: the balance's ledger (the statement) has the charge and its time",
  'POST /balance/deposit': "money, the owner's only: a card payment is credited by the bank's confirmation, in the ledger",
  'POST /balance/invoice': "money, the owner's only: the invoice is a document of the invoices' list, with its time",
  'POST /marketplaces/:id/import': 'asks for a fresh download of the sales; changes nothing the seller set',
  'POST /webhooks/:id/test': "sends an event; the endpoint's deliveries list it with its time",
  'POST /webhooks/:id/deliveries/:delivery_id/resend': "sends an event again; the endpoint's deliveries list it",
};

interface Member {
  email: string;
  name: string;
  api: ApiClient;
  id: number;
}

/** The owner invites `email`; answers the invitation mail's token. */
async function invite(url: string, owner: Seller, email: string, role: MemberRole): Promise<string> {
  const sent = await owner.api.post('/team/invitations', { user_id: owner.id, email, role });
  expect(sent.status, sent.text).toBe(201);
  expect(sent.body.message).toBe(messages.team.invitationSent.replace('{email}', email));
  const [mail] = await waitForMails(url, email);
  expect(mail!.subject).toContain(owner.name);
  return linkIn(mail!, TEAM_INVITATION_PATH).searchParams.get('token')!;
}

async function accept(url: string, body: Record<string, unknown>) {
  return new ApiClient(url).post('/team/invitations/accept', body);
}

/** A shopper who bought once (178 points) and wrote to support: the action's thread id. */
async function shopperWritesToSupport(url: string, bot: BotAction, chat: string): Promise<number> {
  const sent = await shopperActs(url, bot.botId, chat, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
  expect(sent.status).toBe(200);
  await eventually(
    async () =>
      (await telegramMessages(url, { bot_id: bot.botId, chat_id: chat })).some((message) =>
        message.text?.includes('Начислено баллов: 178.'),
      ) || undefined,
    30_000,
    'the points',
  );
  await shopperSays(url, bot, chat, { text: '/menu' });
  await shopperSays(url, bot, chat, { press: messages.support.button });
  expect((await shopperActs(url, bot.botId, chat, { text: 'Где мой заказ?' })).status).toBe(200);
  return eventually(
    async () => (await bot.seller.api.get(`/support/threads?project_id=${bot.projectId}`)).body.threads[0]?.id as number | undefined,
    30_000,
    'the thread',
  );
}

describe.each(backends())('a team with roles on $name', (backend) => {
  const url = backend.url;
  let owner: BotAction;
  let chat: string;
  let threadId: number;
  let manager: Member;
  let analyst: Member;
  let stranger: BotAction;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([actionWithBot(url, {}, FUNDS), actionWithBot(url)]);
    const support = await owner.seller.api.request('PUT', `/projects/${owner.projectId}/features`, {
      body: { support: { enabled: true } },
    });
    expect(support.status).toBe(200);
    chat = newChatId();
    threadId = await shopperWritesToSupport(url, owner, chat);

    // A new person: the link, a name and a password make an account and a session.
    const managerEmail = uniqueEmail('manager');
    const managerToken = await invite(url, owner.seller, managerEmail, 'manager');
    const joined = await accept(url, { token: managerToken, name: 'Мария Менеджер', password: 'manager secret 1' });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.membership).toEqual({ user_id: owner.seller.id, name: owner.seller.name, role: 'manager' });
    expect(joined.body.user).toMatchObject({ email: managerEmail, name: 'Мария Менеджер' });
    manager = {
      email: managerEmail,
      name: 'Мария Менеджер',
      api: new ApiClient(url, undefined, joined.body.token),
      id: joined.body.user.id,
    };

    // An existing account joins with its own password.
    const existing = await createSeller(url, { name: 'Антон Аналитик' });
    const analystToken = await invite(url, owner.seller, existing.email, 'analyst');
    const wrong = await accept(url, { token: analystToken, password: 'not the password' });
    expect(wrong).toMatchObject({ status: 401, body: { message: t.existingAccountPassword.replace('{email}', existing.email) } });
    const joinedExisting = await accept(url, { token: analystToken, password: existing.password });
    expect(joinedExisting.status, joinedExisting.text).toBe(200);
    expect(joinedExisting.body.user.id).toBe(existing.id);
    analyst = {
      email: existing.email,
      name: existing.name,
      api: new ApiClient(url, undefined, joinedExisting.body.token),
      id: existing.id,
    };
  }, 240_000);

  const asOwner = () => `user_id=${owner.seller.id}`;

  it('lists the owner and both members with their roles; each member sees the team in their switch', async () => {
    const members = await owner.seller.api.get(`/team/members?${asOwner()}`);
    expect(members.status).toBe(200);
    expect(members.body.members.map((member: { email: string; role: TeamRole }) => [member.email, member.role])).toEqual([
      [owner.seller.email, 'owner'],
      [manager.email, 'manager'],
      [analyst.email, 'analyst'],
    ]);
    expect((await manager.api.get('/team/memberships')).body.memberships).toEqual([
      { user_id: owner.seller.id, name: owner.seller.name, role: 'manager' },
    ]);
    const invitations = await owner.seller.api.get('/team/invitations');
    expect(invitations.body.invitations.map((invitation: { status: string }) => invitation.status)).toEqual(['accepted', 'accepted']);
  });

  it('refuses a used, unknown or incomplete invitation link, and bad invitations, with a Russian reason', async () => {
    const reused = await owner.seller.api.get('/team/invitations');
    expect(reused.status).toBe(200);
    const cases: [string, Promise<{ status: number; body: { message: string } }>, number, string][] = [
      ['unknown link', accept(url, { token: 'x'.repeat(43), name: 'Кто-то', password: 'long enough 1' }), 400, t.invitationLinkInvalid],
      ['no token', accept(url, { name: 'Кто-то', password: 'long enough 1' }), 400, messages.teamScreen.acceptNoToken],
      ['self', owner.seller.api.post('/team/invitations', { email: owner.seller.email, role: 'manager' }), 400, t.inviteSelf],
      ['a member', owner.seller.api.post('/team/invitations', { email: manager.email, role: 'analyst' }), 409, t.alreadyMember],
      ['no role', owner.seller.api.post('/team/invitations', { email: uniqueEmail(), role: 'owner' }), 400, t.roleInvalid],
      [
        'bad email',
        owner.seller.api.post('/team/invitations', { email: 'not-an-email', role: 'manager' }),
        400,
        messages.validation.emailInvalid,
      ],
      [
        'owner demoted',
        owner.seller.api.request('PUT', `/team/members/${owner.seller.id}`, { body: { role: 'analyst' } }),
        400,
        t.ownerUntouchable,
      ],
      ['owner removed', owner.seller.api.request('DELETE', `/team/members/${owner.seller.id}`), 400, t.ownerUntouchable],
      ['nobody removed', owner.seller.api.request('DELETE', `/team/members/${stranger.seller.id}`), 404, t.memberNotFound],
    ];
    for (const [name, answer, status, message] of cases) {
      expect(await answer, name).toMatchObject({ status, body: { message } });
    }
    // The manager's link, used once already.
    const pending = uniqueEmail('twice');
    const token = await invite(url, owner.seller, pending, 'analyst');
    expect((await owner.seller.api.post('/team/invitations', { email: pending, role: 'analyst' })).body.message).toBe(t.invitationPending);
    expect((await accept(url, { token, password: 'long enough 1' })).body.message).toBe(messages.validation.nameRequired);
    expect((await accept(url, { token, name: 'Ольга', password: 'long enough 1' })).status).toBe(200);
    expect(await accept(url, { token, name: 'Ольга', password: 'long enough 1' })).toMatchObject({
      status: 400,
      body: { message: t.invitationLinkUsed },
    });

    // A revoked invitation's link no longer works.
    const revokedEmail = uniqueEmail('revoked');
    const revokedToken = await invite(url, owner.seller, revokedEmail, 'manager');
    const listed = (await owner.seller.api.get('/team/invitations')).body.invitations.find(
      (row: { email: string }) => row.email === revokedEmail,
    );
    expect((await owner.seller.api.request('DELETE', `/team/invitations/${listed.id}`)).status).toBe(200);
    expect((await owner.seller.api.request('DELETE', `/team/invitations/${listed.id}`)).body.message).toBe(t.invitationNotPending);
    expect((await accept(url, { token: revokedToken, name: 'Пётр', password: 'long enough 1' })).body.message).toBe(t.invitationLinkUsed);
  });

  it('a manager answers a support thread for the owner but is refused a top-up, and nothing is written', async () => {
    const reply = await manager.api.post(`/support/threads/${threadId}/reply?${asOwner()}`, { text: 'Заказ в пути' });
    expect(reply.status, reply.text).toBe(200);

    const balance = (await owner.seller.api.get('/profile')).body.user.balance;
    const invoicesBefore = backend.databaseUrl
      ? await withPostgres(backend, async (client) => (await client.query('SELECT count(*)::int AS n FROM invoices')).rows[0].n)
      : 0;
    // Named in the query (checked before the body) and in the body only (checked before the handler): both refused.
    for (const answer of [
      await manager.api.post(`/balance/deposit?${asOwner()}`, { user_id: owner.seller.id, amount: 1000 }),
      await manager.api.post('/balance/deposit', { user_id: owner.seller.id, amount: 1000 }),
      await manager.api.post(`/balance/invoice?${asOwner()}`, {}),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { message: t.ownerOnly } });
    }
    expect((await owner.seller.api.get('/profile')).body.user.balance).toBe(balance);
    if (backend.databaseUrl) {
      const after = await withPostgres(
        backend,
        async (client) => (await client.query('SELECT count(*)::int AS n FROM invoices')).rows[0].n,
      );
      expect(after).toBe(invoicesBefore);
    }
    expect((await manager.api.get(`/balance/operations?${asOwner()}`)).status).toBe(403);
  });

  it("the audit log lists a manager's manual points change with the before and after; only the owner reads it", async () => {
    // The seller named in the body only: the same check as in the query.
    const adjusted = await manager.api.post(`/buyers/${chat}/points`, {
      user_id: owner.seller.id,
      project_id: owner.projectId,
      delta: 10,
      reason: 'Компенсация',
    });
    expect(adjusted.status, adjusted.text).toBe(200);
    const log = await owner.seller.api.get(`/audit-log?action=points.adjust&actor=${manager.id}`);
    expect(log.status).toBe(200);
    expect(log.body.entries).toEqual([
      expect.objectContaining({
        actor: { user_id: manager.id, api_key_id: null, name: manager.name },
        action: 'points.adjust',
        subject: messages.audit.subjectBuyer.replace('{buyer}', chat).replace('{action}', 'Aurora'),
        before: { points: 178 },
        after: { points: 188, delta: 10, reason: 'Компенсация' },
      }),
    ]);
    const team = await owner.seller.api.get('/audit-log?action=team.join');
    expect(team.body.entries.map((entry: { actor: { name: string } }) => entry.actor.name)).toEqual(
      expect.arrayContaining([manager.name, analyst.name]),
    );

    const csv = await fetch(`${url}/lk/api/audit-log/export.csv?action=points.adjust`, {
      headers: { authorization: `Bearer ${owner.seller.api.token}` },
    });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(manager.name);
    expect(text).toContain(messages.auditActions['points.adjust']);

    // A receipt's cancel, by the manager for the owner: the points it took back, in the same entry.
    const [receipt] = (await manager.api.get(`/receipts?${asOwner()}`)).body.receipts;
    const cancelled = await manager.api.post(`/receipts/${receipt.id}/cancel?${asOwner()}`, { reason: 'Возврат' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const cancels = await owner.seller.api.get('/audit-log?action=receipt.cancel');
    expect(cancels.body.entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ name: manager.name }),
        before: { cancelled: false, points_awarded: 178 },
        after: { cancelled: true, reason: 'Возврат', points_cancelled: cancelled.body.points_cancelled },
      }),
    ]);

    for (const caller of [manager, analyst]) {
      expect(await caller.api.get(`/audit-log?${asOwner()}`)).toMatchObject({ status: 403, body: { message: t.ownerOnly } });
    }
    const bad: [string, string][] = [
      ['?from=2026-13-01', messages.analytics.dateInvalid],
      ['?from=2026-05-02&to=2026-05-01', messages.audit.periodInvalid],
      ['?action=nothing', messages.audit.actionInvalid],
      ['?before=abc', messages.audit.cursorInvalid],
    ];
    for (const [query, message] of bad) expect((await owner.seller.api.get(`/audit-log${query}`)).body.message, query).toBe(message);
  });

  it("a member of the owner's team sees nothing of another seller", async () => {
    for (const caller of [manager, analyst]) {
      const named = await caller.api.get(`/projects?user_id=${stranger.seller.id}`);
      expect(named).toMatchObject({ status: 403, body: { message: messages.common.forbidden } });
      expect((await caller.api.get(`/projects/${stranger.projectId}?${asOwner()}`)).status).toBe(404);
      // Their own (empty) account holds none of the owner's actions either.
      expect((await caller.api.get(`/projects/${owner.projectId}`)).status).toBe(404);
      expect((await caller.api.get(`/projects/${owner.projectId}?${asOwner()}`)).status).toBe(200);
    }
    expect((await manager.api.get(`/support/threads/${threadId}?user_id=${stranger.seller.id}`)).status).toBe(403);
  });

  it('every route of the cabinet answers each role as the permission table says', async () => {
    const document = (await (await fetch(`${url}/lk/api/docs`)).json()) as {
      paths: Record<string, Record<string, { security?: object[] }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        // Session-only routes (POST /check also takes an action's key and checks its caller itself).
        .filter(([, operation]) => JSON.stringify(operation.security) === '[{"bearer":[]}]')
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(90);
    // The owner's walk: a fresh account of its own (nothing to change), its sign-out last.
    const freshOwner = await createSeller(url);
    const walkers: { role: TeamRole; api: ApiClient; forSeller: number }[] = [
      { role: 'owner', api: freshOwner.api, forSeller: freshOwner.id },
      { role: 'manager', api: manager.api, forSeller: owner.seller.id },
      { role: 'analyst', api: analyst.api, forSeller: owner.seller.id },
    ];
    const ordered = [...routes].sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    const mismatches: string[] = [];
    for (const walker of walkers) {
      for (const route of ordered) {
        const pattern = route.path.replace(/\{(\w+)\}/g, ':$1');
        const requirement = routeRequirement(route.method, pattern);
        const expected = requirement === 'self' ? walker.role === 'owner' : roleAllows(walker.role, requirement);
        const path = route.path.slice('/lk/api'.length).replace(/\{\w+\}/g, NOBODY);
        const answer = await walker.api.request(
          route.method,
          `${path}?user_id=${walker.forSeller}`,
          route.method === 'GET' ? {} : { body: {} },
        );
        if ((answer.status !== 403) !== expected)
          mismatches.push(`${walker.role} ${route.method} ${pattern}: ${answer.status} ${answer.text.slice(0, 120)}`);
        else if (answer.status === 403) expect(answer.body.message).toMatch(/[а-яА-Я]/);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('a role change and a removal take effect on the next call', async () => {
    const changed = await owner.seller.api.request('PUT', `/team/members/${analyst.id}`, { body: { role: 'manager' } });
    expect(changed).toMatchObject({ status: 200, body: { member: { user_id: analyst.id, role: 'manager' } } });
    expect((await analyst.api.post(`/support/threads/${threadId}/reply?${asOwner()}`, { text: 'Уже едет' })).status).toBe(200);
    expect((await owner.seller.api.request('DELETE', `/team/members/${analyst.id}`)).status).toBe(200);
    expect((await analyst.api.get(`/projects?${asOwner()}`)).status).toBe(403);
    const log = (await owner.seller.api.get('/audit-log')).body.entries.map((entry: { action: string }) => entry.action);
    expect(log.slice(0, 3)).toEqual(['team.remove', 'support.reply', 'team.role_change']);
  });

  it("an action's settings saved are logged with what changed only, and a token never as itself", async () => {
    const saved = await owner.seller.api.request('PUT', `/projects/${owner.projectId}`, {
      body: { name: 'Aurora весна', puzzle_bot_token: 'pb-secret-token-1234' },
    });
    expect(saved.status, saved.text).toBe(200);
    const [entry] = (await owner.seller.api.get('/audit-log?action=action.update')).body.entries;
    expect(entry).toMatchObject({
      actor: { user_id: owner.seller.id, name: owner.seller.name },
      subject: 'Aurora',
      before: { name: 'Aurora', puzzleBotToken: null },
      after: { name: 'Aurora весна', puzzleBotToken: messages.audit.secretChanged },
    });
    expect(JSON.stringify(entry)).not.toContain('pb-secret-token-1234');
  });

  it('every write route of the cabinet leaves an audit entry of its kind, naming who made the change', async () => {
    // The routes: every write of the OpenAPI document that takes only a session.
    const document = (await (await fetch(`${url}/lk/api/docs`)).json()) as {
      paths: Record<string, Record<string, { security?: object[] }>>;
    };
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => method !== 'get' && JSON.stringify(operation.security) === '[{"bearer":[]}]')
        .map(([method]) => `${method.toUpperCase()} ${path.slice('/lk/api'.length).replace(/\{(\w+)\}/g, ':$1')}`),
    );

    const spender = await createFundedSeller(url, 3 * BILLING_DEFAULTS.project_subscription_price);
    const o = owner.seller.api;
    const inAction = `project_id=${owner.projectId}`;
    const serverNow = async () => new Date((await clockCall(url, 'GET')).body.now).getTime();
    const ids: Record<string, number> = {};
    let shopToken = '';
    const reviewer = newChatId();
    // Two screenshots of a review, each a picture of its own colour (the queue keeps one of a kind).
    const sendsReview = async (blue: number) => {
      const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: blue } } })
        .png()
        .toBuffer();
      await shopperSays(url, owner, reviewer, { text: '/menu' });
      await shopperSays(url, owner, reviewer, { press: messages.moderation.reviewButton });
      await shopperSays(url, owner, reviewer, { photo: picture });
    };
    const buysThroughBot = async () => {
      const sent = await shopperActs(url, owner.botId, reviewer, { text: await registerReceipt(url, freshReceipt('wb-aurora-cosmetics')) });
      expect(sent.status).toBe(200);
      await eventually(
        async () =>
          (await telegramMessages(url, { bot_id: owner.botId, chat_id: reviewer })).some((message) =>
            message.text?.includes('Начислено баллов: 178.'),
          ) || undefined,
        30_000,
        'the points',
      );
    };
    const buys = async () => {
      const initData = signInitData({ id: Number(reviewer), first_name: 'Ира' }, owner.token, new Date(await serverNow()));
      const bought = await new ApiClient(url).post(
        `/public/shop/${shopToken}/purchase`,
        { product_id: ids.product, buyer_tg_id: reviewer },
        { headers: { 'x-telegram-init-data': initData } },
      );
      expect(bought.status, bought.text).toBe(200);
      return bought.body.order.id as number;
    };

    type Caller = { api: ApiClient; id: number; log: ApiClient };
    const byOwner: Caller = { api: o, id: owner.seller.id, log: o };
    const byManager: Caller = { api: manager.api, id: manager.id, log: o };
    const bySpender: Caller = { api: spender.api, id: spender.id, log: spender.api };
    // In the order they run: later calls use what earlier ones made. `before` prepares what the call needs.
    const calls: {
      route: string;
      action: AuditAction;
      by: Caller;
      before?: () => Promise<void>;
      call: (api: ApiClient) => Promise<ApiAnswer>;
    }[] = [
      {
        route: 'POST /projects',
        action: 'action.create',
        by: bySpender,
        call: async (api) => {
          const created = await api.post('/projects', { name: 'Осень', project_inns: WB_SELLER });
          ids.spenderAction = created.body.project_id;
          return created;
        },
      },
      {
        route: 'PUT /projects/:id',
        action: 'action.update',
        by: bySpender,
        call: (api) => api.request('PUT', `/projects/${ids.spenderAction}`, { body: { name: 'Осень 2' } }),
      },
      {
        route: 'POST /projects/:id/renew',
        action: 'action.renew',
        by: bySpender,
        call: (api) => api.post(`/projects/${ids.spenderAction}/renew`),
      },
      {
        route: 'POST /projects/:id/api-key',
        action: 'action.api_key',
        by: bySpender,
        call: (api) => api.post(`/projects/${ids.spenderAction}/api-key`),
      },
      {
        route: 'DELETE /projects/:id',
        action: 'action.delete',
        by: bySpender,
        call: (api) => api.request('DELETE', `/projects/${ids.spenderAction}`),
      },
      {
        route: 'PUT /projects/:id/features',
        action: 'features.update',
        by: byOwner,
        call: (api) => api.request('PUT', `/projects/${owner.projectId}/features`, { body: { reviews: { enabled: true, points: 70 } } }),
      },
      {
        route: 'PUT /projects/:id/bot-menu',
        action: 'bot_menu.update',
        by: byOwner,
        call: async (api) => {
          const { entries } = (await api.get(`/projects/${owner.projectId}/bot-menu`)).body;
          // The order as shown (what «Сохранить» sends unchanged): the review button stays on the menu's first page.
          const order = (entries as { key: string }[]).map((entry) => entry.key);
          return api.request('PUT', `/projects/${owner.projectId}/bot-menu`, { body: { order } });
        },
      },
      {
        route: 'PUT /projects/:id/faq',
        action: 'faq.update',
        by: byOwner,
        call: (api) => api.request('PUT', `/projects/${owner.projectId}/faq`, { body: [{ question: 'Когда баллы?', answer: 'Сразу.' }] }),
      },
      {
        route: 'PUT /projects/:id/product-rules',
        action: 'product_rules.update',
        by: byOwner,
        call: (api) => api.request('PUT', `/projects/${owner.projectId}/product-rules`, { body: [{ match: 'фен', warranty_months: 1 }] }),
      },
      {
        route: 'POST /projects/:id/promo-codes',
        action: 'promo_codes.upload',
        by: byOwner,
        call: (api) => api.post(`/projects/${owner.projectId}/promo-codes`, { codes: ['AUDIT-1', 'AUDIT-2'] }),
      },
      {
        route: 'PUT /projects/:id/promo-codes/settings',
        action: 'promo_codes.settings',
        by: byOwner,
        call: (api) => api.request('PUT', `/projects/${owner.projectId}/promo-codes/settings`, { body: { rule: 'first' } }),
      },
      {
        route: 'POST /shop/settings',
        action: 'shop.settings',
        by: byOwner,
        call: async (api) => {
          const saved = await api.post('/shop/settings', { project_id: owner.projectId, command_name: 'обмен' });
          shopToken = saved.body.settings?.token;
          return saved;
        },
      },
      {
        route: 'POST /shop/products',
        action: 'shop.product_create',
        by: byOwner,
        call: async (api) => {
          const created = await api.post('/shop/products', { project_id: owner.projectId, title: 'Крем', price_points: 50 });
          ids.product = created.body.product?.id;
          return created;
        },
      },
      {
        route: 'PUT /shop/products/:id',
        action: 'shop.product_update',
        by: byOwner,
        call: (api) => api.request('PUT', `/shop/products/${ids.product}`, { body: { project_id: owner.projectId, price_points: 40 } }),
      },
      {
        route: 'POST /shop/products/reorder',
        action: 'shop.product_reorder',
        by: byOwner,
        call: (api) => api.post('/shop/products/reorder', { project_id: owner.projectId, product_id: ids.product, direction: 'up' }),
      },
      {
        route: 'POST /draws',
        action: 'draw.create',
        by: byOwner,
        call: async (api) => {
          const closesAt = new Date((await serverNow()) + 24 * 3600_000).toISOString();
          const created = await api.post('/draws', { project_id: owner.projectId, title: 'Фен за чек', winners: 1, closes_at: closesAt });
          ids.draw = created.body.draw?.id;
          return created;
        },
      },
      {
        route: 'POST /moderation/:id/approve',
        action: 'moderation.approve',
        by: byManager,
        // A new shopper's receipt through the bot (a ticket of the draw above, points for the shop
        // below), then two review screenshots: a chat of its own keeps within the bot's flood guard.
        // (The product rule above names no item of this receipt: a warranty's message arriving after
        // the menu would hide its buttons.)
        before: async () => {
          await buysThroughBot();
          await sendsReview(10);
          await sendsReview(240);
          const { items } = (await o.get(`/moderation?${inAction}`)).body;
          const pending = (items as { id: number; status: string }[]).filter((item) => item.status === 'pending');
          expect(pending).toHaveLength(2);
          ids.review = pending[0]!.id;
          ids.secondReview = pending[1]!.id;
        },
        call: (api) => api.post(`/moderation/${ids.review}/approve?${asOwner()}`, {}),
      },
      {
        route: 'POST /moderation/:id/reject',
        action: 'moderation.reject',
        by: byManager,
        call: (api) => api.post(`/moderation/${ids.secondReview}/reject?${asOwner()}`, { reason: 'Не тот товар' }),
      },
      {
        route: 'POST /draws/:id/close',
        action: 'draw.close',
        by: byOwner,
        call: (api) => api.post(`/draws/${ids.draw}/close`, {}),
      },
      {
        route: 'POST /draws/:id/winners/:ticket/handed-over',
        action: 'draw.prize_handed_over',
        by: byManager,
        before: async () => {
          expect((await advance(url, 60)).ran).toContain('draws-close');
        },
        call: (api) => api.post(`/draws/${ids.draw}/winners/1/handed-over?${asOwner()}`, {}),
      },
      {
        route: 'POST /draws/:id/stop-repeating',
        action: 'draw.stop_repeating',
        by: byOwner,
        before: async () => {
          const closesAt = new Date((await serverNow()) + 3600_000).toISOString();
          const weekly = await o.post('/draws', {
            project_id: owner.projectId,
            title: 'Каждую неделю',
            winners: 1,
            closes_at: closesAt,
            repeat: 'weekly',
          });
          ids.weeklyDraw = weekly.body.draw.id;
        },
        call: (api) => api.post(`/draws/${ids.weeklyDraw}/stop-repeating`, {}),
      },
      {
        route: 'POST /shop/orders/:id/fulfil',
        action: 'shop.order_fulfil',
        by: byManager,
        before: async () => {
          ids.order = await buys();
        },
        call: (api) => api.post(`/shop/orders/${ids.order}/fulfil?${asOwner()}`, {}),
      },
      {
        route: 'POST /shop/orders/:id/cancel',
        action: 'shop.order_cancel',
        by: byManager,
        before: async () => {
          ids.order = await buys();
        },
        call: (api) => api.post(`/shop/orders/${ids.order}/cancel?${asOwner()}`, {}),
      },
      {
        route: 'DELETE /shop/products/:id',
        action: 'shop.product_delete',
        by: byOwner,
        call: (api) => api.request('DELETE', `/shop/products/${ids.product}?${inAction}`),
      },
      {
        route: 'POST /surveys',
        action: 'survey.create',
        by: byOwner,
        call: async (api) => {
          const body = {
            project_id: owner.projectId,
            title: 'Как вам?',
            kind: 'survey',
            points: 5,
            questions: [{ text: 'Нравится?', options: ['Да', 'Нет'] }],
          };
          const created = await api.post('/surveys', body);
          ids.survey = created.body.survey?.id;
          return created;
        },
      },
      {
        route: 'PUT /surveys/:id',
        action: 'survey.update',
        by: byOwner,
        call: (api) =>
          api.request('PUT', `/surveys/${ids.survey}`, {
            body: { title: 'Как вам крем?', kind: 'survey', points: 5, questions: [{ text: 'Нравится?', options: ['Да', 'Нет'] }] },
          }),
      },
      {
        route: 'POST /surveys/:id/publish',
        action: 'survey.publish',
        by: byOwner,
        call: (api) => api.post(`/surveys/${ids.survey}/publish`),
      },
      { route: 'POST /surveys/:id/close', action: 'survey.close', by: byOwner, call: (api) => api.post(`/surveys/${ids.survey}/close`) },
      {
        route: 'POST /segments',
        action: 'segment.create',
        by: byManager,
        call: async (api) => {
          const created = await api.post(`/segments?${asOwner()}`, {
            project_id: owner.projectId,
            name: 'Постоянные',
            conditions: { total_min: 100 },
          });
          ids.segment = created.body.segment?.id;
          return created;
        },
      },
      {
        route: 'PUT /segments/:id',
        action: 'segment.update',
        by: byManager,
        call: (api) =>
          api.request('PUT', `/segments/${ids.segment}?${asOwner()}`, {
            body: { name: 'Самые постоянные', conditions: { total_min: 200 } },
          }),
      },
      {
        route: 'DELETE /segments/:id',
        action: 'segment.delete',
        by: byOwner,
        call: (api) => api.request('DELETE', `/segments/${ids.segment}`),
      },
      {
        route: 'POST /mailing/settings',
        action: 'mailing.settings',
        by: byOwner,
        call: (api) => api.post('/mailing/settings', { bot_token: newBotToken().token }),
      },
      {
        route: 'POST /mailing/send',
        action: 'mailing.send',
        by: byManager,
        call: (api) => api.post(`/mailing/send?${asOwner()}`, { project_id: owner.projectId, recipient_ids: [chat], message: 'Скидки!' }),
      },
      {
        route: 'POST /mailing/:id/cancel',
        action: 'mailing.cancel',
        by: byManager,
        // Too many for the request: delivered in the background at Telegram's pace, cancelled long before its end.
        before: async () => {
          const many = Array.from({ length: 300 }, (_, index) => String(900_000_000 + index));
          const sending = await o.post('/mailing/send', { project_id: owner.projectId, recipient_ids: many, message: 'Всем!' });
          expect(sending.body.status, sending.text).toBe('sending');
          ids.mailing = sending.body.id;
        },
        call: (api) => api.post(`/mailing/${ids.mailing}/cancel?${asOwner()}`, {}),
      },
      {
        route: 'POST /mailing/send',
        action: 'mailing.schedule',
        by: byManager,
        call: async (api) => {
          const sendAt = new Date((await serverNow()) + 2 * 3600_000).toISOString();
          const stored = await api.post(`/mailing/send?${asOwner()}`, {
            project_id: owner.projectId,
            recipient_ids: [chat],
            message: 'Завтра',
            send_at: sendAt,
          });
          ids.schedule = stored.body.schedule?.id;
          return stored;
        },
      },
      {
        route: 'POST /mailing/schedules/:id/cancel',
        action: 'mailing.schedule_cancel',
        by: byManager,
        call: (api) => api.post(`/mailing/schedules/${ids.schedule}/cancel?${asOwner()}`, {}),
      },
      {
        route: 'POST /support/threads/:id/reply',
        action: 'support.reply',
        by: byManager,
        call: (api) => api.post(`/support/threads/${threadId}/reply?${asOwner()}`, { text: 'Уже отправили' }),
      },
      {
        route: 'POST /support/threads/:id/close',
        action: 'support.close',
        by: byManager,
        call: (api) => api.post(`/support/threads/${threadId}/close?${asOwner()}`, {}),
      },
      {
        route: 'POST /buyers/:tg_id/points',
        action: 'points.adjust',
        by: byManager,
        call: (api) => api.post(`/buyers/${chat}/points?${asOwner()}`, { project_id: owner.projectId, delta: 3, reason: 'Извинения' }),
      },
      {
        route: 'POST /receipts/:id/cancel',
        action: 'receipt.cancel',
        by: byManager,
        call: async (api) => {
          const { receipts } = (await api.get(`/receipts?${asOwner()}&${inAction}&status=success`)).body;
          const live = (receipts as { id: number; cancelled_at: string | null }[]).find((receipt) => receipt.cancelled_at === null)!;
          return api.post(`/receipts/${live.id}/cancel?${asOwner()}`, { reason: 'Возврат' });
        },
      },
      {
        route: 'POST /buyers/:tg_id/block',
        action: 'buyer.block',
        by: byManager,
        call: (api) => api.post(`/buyers/${chat}/block?${asOwner()}`, { project_id: owner.projectId, reason: 'Подозрительно' }),
      },
      {
        route: 'POST /buyers/:tg_id/unblock',
        action: 'buyer.unblock',
        by: byManager,
        call: (api) => api.post(`/buyers/${chat}/unblock?${asOwner()}`, { project_id: owner.projectId, reason: 'Проверили' }),
      },
      {
        route: 'POST /marketplaces',
        action: 'marketplace.connect',
        by: byOwner,
        call: async (api) => {
          const connected = await api.post('/marketplaces', { kind: 'wildberries', token: 'demo-wb-token' });
          ids.marketplace = connected.body.id;
          return connected;
        },
      },
      {
        route: 'DELETE /marketplaces/:id',
        action: 'marketplace.delete',
        by: byOwner,
        call: (api) => api.request('DELETE', `/marketplaces/${ids.marketplace}`),
      },
      {
        route: 'PUT /balance/requisites',
        action: 'billing.requisites',
        by: byOwner,
        call: (api) =>
          api.request('PUT', '/balance/requisites', {
            body: { name: 'ИП Петров Пётр Петрович', inn: '500100732259', address: '170100, г. Тверь, ул. Советская, д. 5' },
          }),
      },
      {
        route: 'POST /api-keys',
        action: 'api_key.create',
        by: byOwner,
        call: async (api) => {
          const created = await api.post('/api-keys', { name: 'Таблица', scopes: ['receipts:read'] });
          ids.apiKey = created.body.api_key?.id;
          return created;
        },
      },
      {
        route: 'DELETE /api-keys/:id',
        action: 'api_key.delete',
        by: byOwner,
        call: (api) => api.request('DELETE', `/api-keys/${ids.apiKey}`),
      },
      {
        route: 'POST /webhooks',
        action: 'webhook.create',
        by: byOwner,
        call: async (api) => {
          const created = await api.post('/webhooks', { url: 'http://127.0.0.1:9/audit', events: ['survey.completed'] });
          ids.webhook = created.body.endpoint?.id;
          return created;
        },
      },
      {
        route: 'PUT /webhooks/:id',
        action: 'webhook.update',
        by: byOwner,
        call: (api) =>
          api.request('PUT', `/webhooks/${ids.webhook}`, { body: { url: 'http://127.0.0.1:9/audit', events: ['draw.closed'] } }),
      },
      {
        route: 'POST /webhooks/:id/secret',
        action: 'webhook.secret_rotate',
        by: byOwner,
        call: (api) => api.post(`/webhooks/${ids.webhook}/secret`, {}),
      },
      {
        route: 'DELETE /webhooks/:id',
        action: 'webhook.delete',
        by: byOwner,
        call: (api) => api.request('DELETE', `/webhooks/${ids.webhook}`),
      },
      {
        route: 'POST /team/invitations',
        action: 'team.invite',
        by: byOwner,
        call: (api) => api.post('/team/invitations', { email: uniqueEmail('audited'), role: 'analyst' }),
      },
      {
        route: 'DELETE /team/invitations/:id',
        action: 'team.invitation_revoke',
        by: byOwner,
        call: async (api) => {
          const { invitations } = (await api.get('/team/invitations')).body;
          const pending = (invitations as { id: number; status: string }[]).find((invitation) => invitation.status === 'pending')!;
          return api.request('DELETE', `/team/invitations/${pending.id}`);
        },
      },
      {
        route: 'PUT /team/members/:member_id',
        action: 'team.role_change',
        by: byOwner,
        call: (api) => api.request('PUT', `/team/members/${manager.id}`, { body: { role: 'analyst' } }),
      },
      {
        route: 'DELETE /team/members/:member_id',
        action: 'team.remove',
        by: byOwner,
        call: (api) => api.request('DELETE', `/team/members/${manager.id}`),
      },
    ];

    const called = new Set(calls.map((entry) => entry.route));
    expect([...called].filter((route) => !writes.includes(route))).toEqual([]);
    expect(writes.filter((route) => !called.has(route) && !(route in UNAUDITED_WRITES)).sort()).toEqual([]);
    expect(Object.keys(UNAUDITED_WRITES).filter((route) => !writes.includes(route))).toEqual([]);

    const missing: string[] = [];
    for (const { route, action, by, before, call } of calls) {
      await before?.();
      const newest = ((await by.log.get('/audit-log')).body.entries[0]?.id as number | undefined) ?? 0;
      const answer = await call(by.api);
      expect(answer.status, `${route}: ${answer.text}`).toBeLessThan(300);
      const [entry] = (await by.log.get(`/audit-log?action=${action}`)).body.entries as { id: number; actor: { user_id: number } }[];
      if (!entry || entry.id <= newest || entry.actor.user_id !== by.id) missing.push(`${route} → ${action}`);
    }
    expect(missing).toEqual([]);
    // No secret reaches the log: the shop's link, the bots' tokens, the keys, the marketplace's token.
    const csv = await fetch(`${url}/lk/api/audit-log/export.csv`, { headers: { authorization: `Bearer ${o.token}` } });
    const log = await csv.text();
    for (const secret of [shopToken, owner.token, 'demo-wb-token', 'AUDIT-1']) expect(log).not.toContain(secret);
  }, 240_000);

  // Last: it moves this file's clock a week on.
  it('an invitation expires after 7 days', async () => {
    const email = uniqueEmail('late');
    const token = await invite(url, owner.seller, email, 'analyst');
    await advance(url, 7 * 24 * 60 * 60 + 1);
    try {
      expect(await accept(url, { token, name: 'Поздний', password: 'long enough 1' })).toMatchObject({
        status: 400,
        body: { message: t.invitationLinkExpired },
      });
    } finally {
      await clockCall(url, 'DELETE');
    }
  });
});
