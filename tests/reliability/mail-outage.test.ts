import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/contract/messages.js';
import { ApiClient, createSeller } from '../support/api-client.js';
import { portBelowEphemeralRange } from '../support/free-port.js';
import { startServer } from '../support/server-process.js';

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A mail provider of our own on a fixed loopback port, with a login, started when the test says so. */
async function startSmtp(port: number, received: Received[]): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === 'mailer' && auth.password === 'secret-pass'
        ? callback(null, { user: 'mailer' })
        : callback(Object.assign(new Error('Invalid login'), { responseCode: 535 })),
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  expect((server.server.address() as AddressInfo).port).toBe(port);
  return () => new Promise((resolve) => server.close(() => resolve()));
}

/**
 * SMTP_URL set: the app's SMTP client talks to a real SMTP server (another than the demo catcher).
 * While that server is down, a reset mail waits in the outbox and is retried; once it is up, the
 * mail arrives.
 */
describe('account mail while the mail server is down', () => {
  it('is kept and sent when the server comes back, with the configured sender', { timeout: 120_000 }, async () => {
    const smtpPort = await portBelowEphemeralRange();
    const received: Received[] = [];
    const server = await startServer({
      SMTP_URL: `smtp://mailer:secret-pass@127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'ScanApp <no-reply@scan.example>',
    });
    let stopSmtp: (() => Promise<void>) | undefined;
    try {
      const seller = await createSeller(server.url);
      const forgot = await new ApiClient(server.url).post('/password/forgot', { email: seller.email });
      expect(forgot.body).toEqual({ message: messages.account.forgotSent });
      // Nothing listens yet: the first tries fail (connection refused) and are logged, not lost.
      await vi.waitFor(() => expect(server.output()).toContain('mail not sent'), { timeout: 30_000, interval: 100 });
      // With a mail server of its own, demo mode has no catcher.
      expect((await fetch(`${server.url}/__emulators/mail/messages`)).status).toBe(404);

      stopSmtp = await startSmtp(smtpPort, received);
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 60_000, interval: 200 });
      expect(received[0]).toMatchObject({
        from: '"ScanApp" <no-reply@scan.example>',
        to: [seller.email],
        subject: messages.mail.passwordResetSubject,
      });
      expect(received[0]!.text).toContain(`${server.url}/reset-password?token=`);
    } finally {
      await server.stop();
      await stopSmtp?.();
    }
  });
});
