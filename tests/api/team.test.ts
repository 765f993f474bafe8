import { beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DEFAULTS } from '../../src/contract/billing.js';
import { TEAM_INVITATION_PATH } from '../../src/contract/constants.js';
import { messages } from '../../src/contract/messages.js';
import { roleAllows, type MemberRole, type TeamRole } from '../../src/contract/team.js';
import { routeRequirement } from '../../src/server/modules/auth/permissions.js';
import { ApiClient, createSeller, uniqueEmail, type Seller } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { actionWithBot, shopperActs, shopperSays, type BotAction } from '../support/bot.js';
import { advance, clockCall } from '../support/clock.js';
import { linkIn, waitForMails } from '../support/mail.js';
import { freshReceipt, registerReceipt } from '../support/receipts.js';
import { eventually, newChatId, telegramMessages } from '../support/telegram.js';

const t = messages.team;
const FUNDS = BILLING_DEFAULTS.project_subscription_price + 20 * BILLING_DEFAULTS.receipt_price_tier1;
/** No row has this id: a walk's call with it reaches no one's data. */
const NOBODY = '2147483000';

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
      ['?from=2026-13-01', messages.audit.dateInvalid],
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
    expect(log.slice(0, 2)).toEqual(['team.remove', 'team.role_change']);
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
