import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages, fillMessage } from '../../src/contract/messages.js';
import { ApiClient, createSeller, uniqueEmail } from '../support/api-client.js';
import { backends, withPostgres } from '../support/backends.js';
import { linkIn, mailsTo, waitForMails } from '../support/mail.js';

const a = messages.account;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(backends())('account on $name', (backend) => {
  const client = () => new ApiClient(backend.url);

  /** Asks for a reset link and answers the token from the mail that arrives. */
  async function resetToken(email: string, mailsBefore = 0): Promise<string> {
    const answer = await client().post('/password/forgot', { email });
    expect(answer.status).toBe(200);
    const mails = await waitForMails(backend.url, email, mailsBefore + 1);
    return linkIn(mails.at(-1)!, '/reset-password').searchParams.get('token')!;
  }

  describe('forgotten password', () => {
    it('answers the same for a known and an unknown e-mail, and only the known one gets a mail with a link', async () => {
      const seller = await createSeller(backend.url, { name: 'Анна' });
      const stranger = uniqueEmail('nobody');
      const unknown = await client().post('/password/forgot', { email: stranger });
      const known = await client().post('/password/forgot', { email: seller.email.toUpperCase() });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ message: a.forgotSent });
      expect(unknown.status).toBe(known.status);
      expect(unknown.text).toBe(known.text);

      const [mail] = await waitForMails(backend.url, seller.email);
      expect(mail!.subject).toBe(messages.mail.passwordResetSubject);
      expect(mail!.text).toContain('Здравствуйте, Анна!');
      expect(mail!.html).toContain(messages.mail.passwordResetButton);
      const link = linkIn(mail!, '/reset-password');
      expect(link.origin).toBe(backend.url);
      expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The unknown address's request wrote no mail (it was sent before the known one's, which has arrived).
      expect(await mailsTo(backend.url, stranger)).toEqual([]);
    });

    it('limits requests per e-mail alike for known and unknown addresses, with a Russian 429', async () => {
      const seller = await createSeller(backend.url);
      const stranger = uniqueEmail('nobody');
      for (const email of [seller.email, stranger]) {
        for (let attempt = 0; attempt < 5; attempt++) expect((await client().post('/password/forgot', { email })).status).toBe(200);
        const limited = await client().post('/password/forgot', { email });
        expect(limited.status).toBe(429);
        expect(limited.body.message).toBe(fillMessage(a.tooManyRequests, { minutes: 60 }));
      }
    });

    it.each([
      [{}, messages.validation.emailRequired],
      [{ email: 'not-an-email' }, messages.validation.emailInvalid],
      [{ email: 42 }, messages.validation.emailRequired],
    ])('refuses %j with a Russian 400', async (body, message) => {
      const answer = await client().post('/password/forgot', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    });

    it('the demo mail page lists the caught mails newest first, with the links clickable and the content escaped', async () => {
      const seller = await createSeller(backend.url, { name: '<script>alert("x")</script> & Ко' });
      const first = await resetToken(seller.email);
      const second = await resetToken(seller.email, 1);
      const page = await fetch(`${backend.url}/__emulators/mail/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      const secondLink = html.indexOf(`<a href="${backend.url}/reset-password?token=${second}"`);
      const firstLink = html.indexOf(`<a href="${backend.url}/reset-password?token=${first}"`);
      expect(secondLink).toBeGreaterThan(-1);
      expect(firstLink).toBeGreaterThan(secondLink);
      expect(html).toContain('Здравствуйте, &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Ко!');
      expect(html).not.toContain('<script');
      const css = await fetch(`${backend.url}/__emulators/mail/page.css`);
      expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    });
  });

  describe('password reset', () => {
    it('sets the new password once, ends every session, and says so when the link is used again', async () => {
      const seller = await createSeller(backend.url);
      const otherDevice = await client().post('/login', { email: seller.email, password: seller.password });
      const token = await resetToken(seller.email);

      const reset = await client().post('/password/reset', { token, password: 'brand-new-1' });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: a.resetSuccess });

      expect((await seller.api.get('/profile')).status).toBe(401);
      expect((await client().get('/profile', { token: otherDevice.body.token })).status).toBe(401);
      expect((await client().post('/login', { email: seller.email, password: seller.password })).status).toBe(401);
      expect((await client().post('/login', { email: seller.email, password: 'brand-new-1' })).status).toBe(200);

      const again = await client().post('/password/reset', { token, password: 'another-one-2' });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: a.resetLinkUsed });
      expect((await client().post('/login', { email: seller.email, password: 'brand-new-1' })).status).toBe(200);
    });

    it('ends the seller’s older reset links when one of them is used', async () => {
      const seller = await createSeller(backend.url);
      const first = await resetToken(seller.email);
      const second = await resetToken(seller.email, 1);
      expect((await client().post('/password/reset', { token: second, password: 'brand-new-1' })).status).toBe(200);
      const older = await client().post('/password/reset', { token: first, password: 'another-one-2' });
      expect(older.body).toEqual({ message: a.resetLinkUsed });
    });

    it('refuses a link it never sent', async () => {
      const answer = await client().post('/password/reset', { token: 'A'.repeat(43), password: 'brand-new-1' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: a.resetLinkInvalid });
    });

    it('refuses bad input with Russian 400s and leaves the link and the password as they were', async () => {
      const seller = await createSeller(backend.url);
      const token = await resetToken(seller.email);
      for (const [body, message] of [
        [{ token, password: '12345' }, messages.validation.passwordTooShort],
        [{ token }, messages.validation.passwordRequired],
        [{ token, password: 'x'.repeat(129) }, messages.validation.passwordTooLong],
        [{ password: 'brand-new-1' }, a.tokenRequired],
        [{ token: '', password: 'brand-new-1' }, a.tokenRequired],
        [{ token: 'x'.repeat(500), password: 'brand-new-1' }, a.resetLinkInvalid],
      ] as const) {
        const answer = await client().post('/password/reset', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body).toEqual({ message });
      }
      expect((await seller.api.get('/profile')).status).toBe(200);
      expect((await client().post('/login', { email: seller.email, password: seller.password })).status).toBe(200);
      expect((await client().post('/password/reset', { token, password: 'brand-new-1' })).status).toBe(200);
    });

    it.runIf(backend.name === 'postgres')('says the link has expired an hour after it was sent', async () => {
      const seller = await createSeller(backend.url);
      const token = await resetToken(seller.email);
      // The link's hour passes: its expiry is moved to just before now.
      await withPostgres(backend, (db) =>
        db.query(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]),
      );
      const answer = await client().post('/password/reset', { token, password: 'brand-new-1' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: a.resetLinkExpired });
      expect((await client().post('/login', { email: seller.email, password: seller.password })).status).toBe(200);
    });

    it.runIf(backend.name === 'postgres')('stores only the token’s hash, valid for one hour', async () => {
      const seller = await createSeller(backend.url);
      const token = await resetToken(seller.email);
      const rows = await withPostgres(
        backend,
        async (db) =>
          (
            await db.query(`SELECT token_hash, extract(epoch FROM expires_at - created_at) AS ttl FROM account_tokens WHERE user_id = $1`, [
              seller.id,
            ])
          ).rows,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(sha256(token));
      expect(Number(rows[0].ttl)).toBeCloseTo(3600, -1);
    });
  });

  describe('profile', () => {
    it('renames the seller', async () => {
      const seller = await createSeller(backend.url, { name: 'Анна' });
      const answer = await seller.api.request('PUT', '/profile', { body: { name: '  Анна Петрова ' } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ message: a.profileSaved, user: { id: seller.id, name: 'Анна Петрова', email: seller.email } });
      expect(answer.body.user).not.toHaveProperty('password_hash');
      expect((await seller.api.get('/profile')).body.user.name).toBe('Анна Петрова');
    });

    it('refuses an empty or too long name, and an anonymous call, writing nothing', async () => {
      const seller = await createSeller(backend.url, { name: 'Анна' });
      for (const [body, message] of [
        [{ name: '   ' }, messages.validation.nameRequired],
        [{}, messages.validation.nameRequired],
        [{ name: 'Я'.repeat(101) }, messages.validation.nameTooLong],
      ] as const) {
        const answer = await seller.api.request('PUT', '/profile', { body });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message });
      }
      expect((await client().request('PUT', '/profile', { body: { name: 'Кто-то' } })).status).toBe(401);
      expect((await seller.api.get('/profile')).body.user.name).toBe('Анна');
    });
  });

  describe('password change', () => {
    it('needs the current password; other sessions end, this one stays', async () => {
      const seller = await createSeller(backend.url);
      const otherDevice = (await client().post('/login', { email: seller.email, password: seller.password })).body.token as string;

      const wrong = await seller.api.post('/password/change', { current_password: 'not-it', password: 'brand-new-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: a.currentPasswordWrong });
      expect((await client().get('/profile', { token: otherDevice })).status).toBe(200);

      const changed = await seller.api.post('/password/change', { current_password: seller.password, password: 'brand-new-1' });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ message: a.passwordChanged });
      expect((await seller.api.get('/profile')).status).toBe(200);
      expect((await client().get('/profile', { token: otherDevice })).status).toBe(401);
      expect((await client().post('/login', { email: seller.email, password: seller.password })).status).toBe(401);
      expect((await client().post('/login', { email: seller.email, password: 'brand-new-1' })).status).toBe(200);
    });

    it('refuses bad input with Russian 400s and keeps the old password', async () => {
      const seller = await createSeller(backend.url);
      for (const [body, message] of [
        [{ password: 'brand-new-1' }, a.currentPasswordRequired],
        [{ current_password: seller.password, password: '123' }, messages.validation.passwordTooShort],
        [{ current_password: seller.password }, messages.validation.passwordRequired],
      ] as const) {
        const answer = await seller.api.post('/password/change', body);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ message });
      }
      expect((await client().post('/password/change', { current_password: seller.password, password: 'brand-new-1' })).status).toBe(401);
      expect((await client().post('/login', { email: seller.email, password: seller.password })).status).toBe(200);
    });
  });

  describe('e-mail change', () => {
    it('switches the address only after the link sent to the new one is opened, and tells the old one', async () => {
      const seller = await createSeller(backend.url, { name: 'Анна' });
      const newEmail = uniqueEmail('moved');
      const asked = await seller.api.post('/email/change', { email: newEmail.toUpperCase() });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ message: fillMessage(a.emailChangeSent, { email: newEmail }) });

      const [mail] = await waitForMails(backend.url, newEmail);
      expect(mail!.subject).toBe(messages.mail.emailChangeSubject);
      const token = linkIn(mail!, '/confirm-email').searchParams.get('token')!;
      // Not yet: the old address still signs in, the new one does not.
      expect((await seller.api.get('/profile')).body.user.email).toBe(seller.email);
      expect((await client().post('/login', { email: newEmail, password: seller.password })).status).toBe(401);

      const confirmed = await client().post('/email/confirm', { token });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ message: fillMessage(a.emailChanged, { email: newEmail }) });
      expect((await seller.api.get('/profile')).body.user.email).toBe(newEmail);
      expect((await client().post('/login', { email: newEmail, password: seller.password })).status).toBe(200);
      expect((await client().post('/login', { email: seller.email, password: seller.password })).status).toBe(401);

      const [notice] = await waitForMails(backend.url, seller.email);
      expect(notice!.subject).toBe(messages.mail.emailChangedSubject);
      expect(notice!.text).toContain(newEmail);

      const again = await client().post('/email/confirm', { token });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: a.emailLinkUsed });
    });

    it('refuses a taken address with a Russian 409, and its own address, sending nothing', async () => {
      const seller = await createSeller(backend.url);
      const other = await createSeller(backend.url);
      const taken = await seller.api.post('/email/change', { email: other.email });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ message: messages.auth.emailTaken });
      const same = await seller.api.post('/email/change', { email: seller.email });
      expect(same.status).toBe(400);
      expect(same.body).toEqual({ message: a.emailSame });
      const invalid = await seller.api.post('/email/change', { email: 'nope' });
      expect(invalid.body).toEqual({ message: messages.validation.emailInvalid });
      expect((await client().post('/email/change', { email: uniqueEmail() })).status).toBe(401);
      expect(await mailsTo(backend.url, other.email)).toEqual([]);
    });

    it('limits e-mail change requests per seller, taken addresses included, so they cannot sweep for accounts', async () => {
      const seller = await createSeller(backend.url);
      const other = await createSeller(backend.url);
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await seller.api.post('/email/change', { email: other.email })).status).toBe(409);
      const limited = await seller.api.post('/email/change', { email: uniqueEmail() });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(fillMessage(a.tooManyRequests, { minutes: 60 }));
    });

    it('refuses the link when the address was taken meanwhile, and leaves both accounts as they were', async () => {
      const seller = await createSeller(backend.url);
      const newEmail = uniqueEmail('race');
      await seller.api.post('/email/change', { email: newEmail });
      const token = linkIn((await waitForMails(backend.url, newEmail))[0]!, '/confirm-email').searchParams.get('token')!;
      await createSeller(backend.url, { email: newEmail });
      const answer = await client().post('/email/confirm', { token });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: messages.auth.emailTaken });
      expect((await seller.api.get('/profile')).body.user.email).toBe(seller.email);
    });

    it('refuses a link it never sent, and a missing token', async () => {
      expect((await client().post('/email/confirm', { token: 'B'.repeat(43) })).body).toEqual({ message: a.emailLinkInvalid });
      const missing = await client().post('/email/confirm', {});
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ message: a.tokenRequired });
    });

    it('does not take a password reset link as an e-mail link', async () => {
      const seller = await createSeller(backend.url);
      const token = await resetToken(seller.email);
      expect((await client().post('/email/confirm', { token })).body).toEqual({ message: a.emailLinkInvalid });
    });
  });
});
