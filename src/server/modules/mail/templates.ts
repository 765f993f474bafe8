import { fillMessage, messages } from '../../../contract/messages.js';
import type { OutgoingMail } from '../../integrations/mail/client.js';

const m = messages.mail;

/** A mail's parts in reading order: paragraphs, one link (as a button in HTML), more paragraphs. */
interface MailParts {
  to: string;
  subject: string;
  before: string[];
  link?: { label: string; url: string };
  after: string[];
}

/** Every value placed in HTML passes through here: a seller's name is their own text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** Plain text and HTML from the same parts, so the two never say different things. */
export function composeMail(parts: MailParts): OutgoingMail {
  const paragraphs = [...parts.before, ...(parts.link ? [parts.link.url] : []), ...parts.after, m.signature];
  const html = [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>',
    escapeHtml(parts.subject),
    '</title></head><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2430">',
    ...parts.before.map((text) => `<p>${escapeHtml(text)}</p>`),
    parts.link
      ? `<p><a href="${escapeHtml(parts.link.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#3558e6;color:#ffffff;text-decoration:none">${escapeHtml(parts.link.label)}</a></p>` +
        `<p style="font-size:13px;color:#5b6275">${escapeHtml(parts.link.url)}</p>`
      : '',
    ...parts.after.map((text) => `<p>${escapeHtml(text)}</p>`),
    `<p>${escapeHtml(m.signature)}</p>`,
    '</body></html>',
  ].join('');
  return { to: parts.to, subject: parts.subject, text: `${paragraphs.join('\n\n')}\n`, html };
}

export function passwordResetMail({ to, name, url }: { to: string; name: string; url: string }): OutgoingMail {
  return composeMail({
    to,
    subject: m.passwordResetSubject,
    before: [fillMessage(m.greeting, { name }), m.passwordResetIntro],
    link: { label: m.passwordResetButton, url },
    after: [m.passwordResetRules, m.passwordResetIgnore],
  });
}

export function emailChangeMail({ to, name, url }: { to: string; name: string; url: string }): OutgoingMail {
  return composeMail({
    to,
    subject: m.emailChangeSubject,
    before: [fillMessage(m.greeting, { name }), fillMessage(m.emailChangeIntro, { email: to })],
    link: { label: m.emailChangeButton, url },
    after: [m.emailChangeRules, m.emailChangeIgnore],
  });
}

/** To the old address once the new one is confirmed, so a hijacked account does not change hands silently. */
export function emailChangedMail({ to, name, newEmail }: { to: string; name: string; newEmail: string }): OutgoingMail {
  return composeMail({
    to,
    subject: m.emailChangedSubject,
    before: [fillMessage(m.greeting, { name }), fillMessage(m.emailChangedIntro, { email: newEmail })],
    after: [m.emailChangedIgnore],
  });
}

/** A team invitation: who invites, in which role, and the one-time link to accept it. */
export function teamInvitationMail({ to, seller, role, url }: { to: string; seller: string; role: string; url: string }): OutgoingMail {
  const t = messages.teamMail;
  return composeMail({
    to,
    subject: fillMessage(t.invitationSubject, { seller }),
    before: [fillMessage(t.invitationIntro, { seller, role })],
    link: { label: t.invitationButton, url },
    after: [t.invitationRules, t.invitationIgnore],
  });
}
