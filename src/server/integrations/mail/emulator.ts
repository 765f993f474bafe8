import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import type { AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_PAGE_CSS, renderMailPage } from './emulator-page.js';

/**
 * Demo mode's mail catcher, like Mailpit: a real SMTP server on a free 127.0.0.1 port, which the
 * app's real SMTP client (nodemailer) sends to, and an HTTP control API under /__emulators/mail:
 * `GET /messages` lists what arrived (`?to=` filters by recipient), `DELETE /messages` clears it;
 * `GET /` is the inbox page a person reads.
 * As strict as a mail provider where it matters to the client: a login is required (535 otherwise),
 * recipients must be addresses, and a message over the size limit is refused with 552.
 */
export const MAIL_CATCHER_CREDENTIALS = { user: 'scanapp-demo', pass: 'demo-smtp-password' } as const;
export const MAIL_CATCHER_PREFIX = '/__emulators/mail';
/** The inbox page a person reads; the forgotten-password answer links it in a demo. */
export const MAIL_CATCHER_PAGE = `${MAIL_CATCHER_PREFIX}/`;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Oldest mails are dropped past this, so a long demo does not grow without bound. */
const MAX_KEPT = 1_000;
const ADDRESS = /^[^\s@]+@[^\s@]+$/;

export interface CaughtMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  received_at: string;
}

export interface MailCatcher {
  /** What the app's SMTP client connects to. */
  smtpUrl: string;
  messages: CaughtMail[];
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    // Loopback only, so no TLS; login over the plain connection is allowed for the same reason.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    logger: false,
    banner: 'ScanApp demo mail catcher',
    onAuth(auth, _session, callback) {
      if (auth.username === MAIL_CATCHER_CREDENTIALS.user && auth.password === MAIL_CATCHER_CREDENTIALS.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (!ADDRESS.test(address.address)) {
        callback(Object.assign(new Error(`Bad recipient address <${address.address}>`), { responseCode: 553 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      // The parser loads at the first mail, not at every start of a demo server (0.2 s of CPU).
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then((parsed) => {
          if (stream.sizeExceeded) return;
          messages.push({
            id: nextId++,
            from: addressText(parsed.from),
            to: addressText(parsed.to) || session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            received_at: new Date().toISOString(),
          });
          if (messages.length > MAX_KEPT) messages.splice(0, messages.length - MAX_KEPT);
        })
        .then(
          () => callback(),
          (error: unknown) => callback(error as Error),
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  const { user, pass } = MAIL_CATCHER_CREDENTIALS;
  return {
    smtpUrl: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  const list = Array.isArray(address) ? address : [address];
  return list
    .flatMap((entry) => entry.value.map((one) => one.address ?? ''))
    .filter(Boolean)
    .join(', ');
}

/** The catcher's inbox page and control API (demo mode only). */
export function mailEmulator(catcher: MailCatcher): FastifyPluginAsync {
  return async (app) => {
    app.get('/', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailPage(catcher.messages, `${MAIL_CATCHER_PAGE}page.css`)),
    );
    app.get('/page.css', async (_request, reply) => reply.type('text/css').send(MAIL_PAGE_CSS));
    app.get('/messages', async (request) => {
      const { to } = request.query as { to?: unknown };
      if (typeof to !== 'string' || to === '') return catcher.messages;
      const wanted = to.trim().toLowerCase();
      return catcher.messages.filter((mail) => mail.to.toLowerCase().split(', ').includes(wanted));
    });
    app.delete('/messages', async () => {
      catcher.messages.length = 0;
      return { ok: true };
    });
  };
}
