import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller, uniqueEmail } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';

describe.each(backends())('accounts on $name', (backend) => {
  const client = () => new ApiClient(backend.url);

  describe('registration', () => {
    it('creates a seller and answers with the success message and id', async () => {
      const answer = await client().post('/register', { name: 'Иван', email: uniqueEmail(), password: 'secret1' });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ message: messages.auth.registerSuccess, user_id: expect.any(Number) });
    });

    it('treats emails case-insensitively and refuses a second account for the same address', async () => {
      const email = uniqueEmail();
      expect((await client().post('/register', { name: 'A', email, password: 'secret1' })).status).toBe(201);
      const again = await client().post('/register', { name: 'B', email: `  ${email.toUpperCase()} `, password: 'secret2' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: messages.auth.emailTaken });
      // The first password still works, through any letter case.
      expect((await client().post('/login', { email: email.toUpperCase(), password: 'secret1' })).status).toBe(200);
      expect((await client().post('/login', { email, password: 'secret2' })).status).toBe(401);
    });

    it.each([
      [{ email: uniqueEmail(), password: 'secret1' }, messages.validation.nameRequired],
      [{ name: '   ', email: uniqueEmail(), password: 'secret1' }, messages.validation.nameRequired],
      [{ name: 'A', password: 'secret1' }, messages.validation.emailRequired],
      [{ name: 'A', email: 'not-an-email', password: 'secret1' }, messages.validation.emailInvalid],
      [{ name: 'A', email: uniqueEmail() }, messages.validation.passwordRequired],
      [{ name: 'A', email: uniqueEmail(), password: '12345' }, messages.validation.passwordTooShort],
      [{ name: 'A', email: uniqueEmail(), password: 'x'.repeat(129) }, messages.validation.passwordTooLong],
      [{ name: 'A'.repeat(101), email: uniqueEmail(), password: 'secret1' }, messages.validation.nameTooLong],
    ])('refuses %j with a Russian message and stores nothing', async (body, message) => {
      const answer = await client().post('/register', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
      if ('email' in body && typeof body.email === 'string' && body.email.includes('@')) {
        expect((await client().post('/login', { email: body.email, password: 'secret1' })).status).toBe(401);
      }
    });

    it('refuses wrong types with a message naming the field', async () => {
      const answer = await client().post('/register', { name: 42, email: uniqueEmail(), password: 'secret1' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/[а-яА-Я]/);
    });
  });

  describe('sign-in', () => {
    it('answers with message, token and the full user', async () => {
      const email = uniqueEmail();
      await client().post('/register', { name: 'Мария Иванова', email, password: 'secret1' });
      const answer = await client().post('/login', { email, password: 'secret1' });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(messages.auth.loginSuccess);
      // An opaque token of at least 128 bits (32 bytes, base64url).
      expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(answer.body.user).toMatchObject({ name: 'Мария Иванова', email, balance: 0, is_activated: false });
      expect(answer.body.user).not.toHaveProperty('password_hash');
      expect(answer.body.user).not.toHaveProperty('passwordHash');
    });

    it('gives the same answer for an unknown email and a wrong password', async () => {
      const seller = await createSeller(backend.url);
      const wrongPassword = await client().post('/login', { email: seller.email, password: 'wrong-one' });
      const unknownEmail = await client().post('/login', { email: uniqueEmail(), password: 'wrong-one' });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body).toEqual({ message: messages.auth.wrongCredentials });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('requires email and password', async () => {
      expect((await client().post('/login', { email: uniqueEmail() })).body).toEqual({ message: messages.validation.passwordRequired });
      expect((await client().post('/login', { password: 'x' })).body).toEqual({ message: messages.validation.emailRequired });
    });
  });

  describe('profile and sessions', () => {
    it('returns every User field of SPEC §3 for the signed-in seller', async () => {
      const seller = await createSeller(backend.url);
      const answer = await seller.api.get(`/profile?user_id=${seller.id}`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['user']);
      expect(Object.keys(answer.body.user).sort()).toEqual(
        [
          'id',
          'name',
          'email',
          'balance',
          'project_name',
          'project_inns',
          'points_percentage',
          'puzzle_bot_token',
          'puzzle_bot_points_variable',
          'command_success',
          'command_not_recognized',
          'command_already_scanned',
          'command_too_old',
          'command_no_items',
          'receipt_validity_days',
          'check_duplicates',
          'scanned_receipts',
          'is_activated',
          'mailing_bot_token',
        ].sort(),
      );
      expect(answer.body.user).toMatchObject({ id: seller.id, email: seller.email, balance: 0, project_inns: [], scanned_receipts: 0 });
    });

    it('refuses a call without a token, with a malformed header, or with an unknown token', async () => {
      const seller = await createSeller(backend.url);
      for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not-a-real-token' }] as Record<
        string,
        string
      >[]) {
        const answer = await seller.api.get(`/profile?user_id=${seller.id}`, { token: null, headers });
        expect(answer.status).toBe(401);
        expect(answer.body.message).toMatch(/[а-яА-Я]/);
      }
    });

    it("refuses another seller's user_id with 403 and reveals nothing", async () => {
      const alice = await createSeller(backend.url);
      const bob = await createSeller(backend.url);
      const existing = await alice.api.get(`/profile?user_id=${bob.id}`);
      const missing = await alice.api.get('/profile?user_id=2147483000');
      expect(existing.status).toBe(403);
      expect(missing.status).toBe(403);
      expect(existing.body).toEqual({ message: messages.common.forbidden });
      expect(missing.body).toEqual(existing.body);
      expect(existing.text).not.toContain(bob.email);
    });

    it('refuses a user_id that is not a positive integer', async () => {
      const seller = await createSeller(backend.url);
      for (const value of ['abc', '-1', '1.5', '99999999999']) {
        const answer = await seller.api.get(`/profile?user_id=${value}`);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message: messages.validation.userIdInvalid });
      }
    });

    it('revokes the session on logout, leaving other sessions alive', async () => {
      const seller = await createSeller(backend.url);
      const other = await seller.api.post('/login', { email: seller.email, password: seller.password });
      const logout = await seller.api.post('/logout');
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ message: messages.auth.logoutSuccess });
      expect((await seller.api.get('/profile')).status).toBe(401);
      expect((await seller.api.post('/logout')).status).toBe(401);
      expect((await seller.api.get('/profile', { token: other.body.token })).status).toBe(200);
    });
  });

  describe('failed sign-in throttling', () => {
    it('refuses an account with 429 after 10 wrong passwords, even with the right one, for at most 5 minutes', async () => {
      const seller = await createSeller(backend.url);
      // Attempts from many addresses: the account counter is what stops a distributed guess.
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await new ApiClient(backend.url).post('/login', { email: seller.email, password: `wrong-${attempt}` });
        expect(answer.status).toBe(401);
      }
      const locked = await new ApiClient(backend.url).post('/login', { email: seller.email, password: seller.password });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Слишком много неудачных попыток входа\. Попробуйте снова через [1-5] мин\.$/);
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(300);
      // The seller's existing session is not affected.
      expect((await seller.api.get('/profile')).status).toBe(200);
    });

    it('counts parallel guesses too', async () => {
      const seller = await createSeller(backend.url);
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) => new ApiClient(backend.url).post('/login', { email: seller.email, password: `guess-${i}` })),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    });

    it('refuses an address after 50 failed sign-ins across accounts', async () => {
      const attacker = new ApiClient(backend.url);
      for (let attempt = 0; attempt < 50; attempt++) {
        expect((await attacker.post('/login', { email: uniqueEmail(), password: 'guess' })).status).toBe(401);
      }
      const refused = await attacker.post('/login', { email: uniqueEmail(), password: 'guess' });
      expect(refused.status).toBe(429);
      // Another address is unaffected.
      const seller = await createSeller(backend.url);
      expect((await new ApiClient(backend.url).post('/login', { email: seller.email, password: seller.password })).status).toBe(200);
    });

    it('a successful sign-in clears the account counter', async () => {
      const seller = await createSeller(backend.url);
      for (let attempt = 0; attempt < 9; attempt++) await seller.api.post('/login', { email: seller.email, password: 'wrong' });
      expect((await seller.api.post('/login', { email: seller.email, password: seller.password })).status).toBe(200);
      for (let attempt = 0; attempt < 9; attempt++) {
        expect((await seller.api.post('/login', { email: seller.email, password: 'wrong' })).status).toBe(401);
      }
    });
  });

  describe.runIf(backend.name === 'postgres')('storage', () => {
    it('stores passwords as argon2id at OWASP parameters and sessions only as hashes', async () => {
      const seller = await createSeller(backend.url);
      const { password_hash } = await withPostgres(
        backend,
        async (db) => (await db.query('SELECT password_hash FROM users WHERE id = $1', [seller.id])).rows[0],
      );
      expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const token = seller.api.token!;
      const sessions = await withPostgres(
        backend,
        async (db) => (await db.query('SELECT token_hash FROM sessions WHERE user_id = $1', [seller.id])).rows,
      );
      expect(sessions.map((s) => s.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(sessions)).not.toContain(token);
    });

    it('refuses an expired session', async () => {
      const seller = await createSeller(backend.url);
      await withPostgres(backend, (db) =>
        db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [seller.id]),
      );
      const answer = await seller.api.get('/profile');
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: messages.common.sessionExpired });
    });
  });
});
