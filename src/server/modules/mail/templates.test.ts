import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages.js';
import { emailChangedMail, emailChangeMail, escapeHtml, passwordResetMail } from './templates.js';

const url = 'https://scan.example/reset-password?token=abc_DEF-123';

describe('account mails', () => {
  it('escapes a seller’s name in the HTML and keeps it as written in the plain text', () => {
    const name = `<script>alert("x")</script> & O'Brien`;
    const mail = passwordResetMail({ to: 'a@b.example', name, url });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien');
    expect(mail.text).toContain(`Здравствуйте, ${name}!`);
  });

  it('puts the link in both parts, the HTML one as an escaped attribute', () => {
    const tricky = 'https://scan.example/reset-password?token=a"b&c=<d>';
    const mail = passwordResetMail({ to: 'a@b.example', name: 'Анна', url: tricky });
    expect(mail.text).toContain(tricky);
    expect(mail.html).toContain('href="https://scan.example/reset-password?token=a&quot;b&amp;c=&lt;d&gt;"');
    expect(mail.html).not.toContain(tricky);
  });

  it('writes the reset mail in Russian with its subject, rules and signature', () => {
    const mail = passwordResetMail({ to: 'a@b.example', name: 'Анна', url });
    expect(mail).toMatchObject({ to: 'a@b.example', subject: messages.mail.passwordResetSubject });
    for (const part of [messages.mail.passwordResetIntro, messages.mail.passwordResetRules, messages.mail.signature, url]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(messages.mail.passwordResetButton);
    expect(mail.html).toContain('<html lang="ru">');
  });

  it('names the new address in the confirmation and in the notice to the old one', () => {
    const confirm = emailChangeMail({ to: 'new@b.example', name: 'Анна', url });
    expect(confirm.subject).toBe(messages.mail.emailChangeSubject);
    expect(confirm.text).toContain('new@b.example');
    const notice = emailChangedMail({ to: 'old@b.example', name: 'Анна', newEmail: 'new@b.example' });
    expect(notice.to).toBe('old@b.example');
    expect(notice.text).toContain('new@b.example');
    expect(notice.text).not.toContain('http');
  });

  it('escapes every character that is special in HTML text and attributes', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
