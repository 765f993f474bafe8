/**
 * The catcher's inbox page (`/__emulators/mail/`), for a person trying the demo: every caught mail,
 * newest first, read as its plain-text part with the addresses in it made into links. The mail's
 * HTML part is never rendered: it is whatever the app (or a seller's text inside it) put there,
 * and plain text escaped here cannot carry markup or scripts into the page. Its few texts live
 * here: a demo tool, not product text.
 */
/** What the page shows of a caught mail (the catcher's `ShownMail` has these and more). */
interface ShownMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  received_at: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** An http(s) address up to a space or a quote; closing punctuation after it belongs to the sentence. */
const LINK = /https?:\/\/[^\s<>"']+/g;
const SENTENCE_END = /[.,;:!?)\]]+$/;

export const MAIL_PAGE_CSS = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f9;color:#1b2330;margin:0}
main{max-width:760px;margin:0 auto;padding:24px 16px}h1{font-size:22px;margin:8px 0 16px}
article{background:#fff;border-radius:12px;box-shadow:0 4px 16px rgba(20,30,60,.08);padding:16px 20px;margin:0 0 16px}
h2{font-size:17px;margin:0 0 6px}.meta{color:#4a5568;font-size:13px;margin:0 0 12px}.text{white-space:pre-wrap;overflow-wrap:anywhere;line-height:1.5}
a{color:#2f6fed}a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.badge{display:inline-block;background:#fff4d6;color:#8a5a00;border-radius:6px;padding:2px 8px;font-size:12px}`;

/** The mail's text, escaped, with each http(s) address a link (opened in the same tab, like any page of the demo). */
export function linkedText(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(SENTENCE_END, '');
    html += escapeHtml(text.slice(from, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    from = match.index + url.length;
  }
  return html + escapeHtml(text.slice(from));
}

function mailArticle(mail: ShownMail): string {
  const received = new Date(mail.received_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });
  return (
    `<article><h2>${escapeHtml(mail.subject || '(без темы)')}</h2>` +
    `<p class="meta">Кому: ${escapeHtml(mail.to)} · от ${escapeHtml(mail.from)} · ${escapeHtml(received)} МСК</p>` +
    `<div class="text">${linkedText(mail.text)}</div></article>`
  );
}

/** `stylesheet`: the address of `MAIL_PAGE_CSS`. */
export function renderMailPage(mails: readonly ShownMail[], stylesheet: string): string {
  const newestFirst = [...mails].reverse();
  const list = newestFirst.length === 0 ? '<p>Писем пока нет.</p>' : newestFirst.map(mailArticle).join('');
  return (
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>Демо-почта</title><link rel="stylesheet" href="${escapeHtml(stylesheet)}"></head><body><main>` +
    '<span class="badge">Демо-режим: письма никуда не уходят, они здесь</span>' +
    `<h1>Демо-почта: ${newestFirst.length}</h1>${list}</main></body></html>`
  );
}
