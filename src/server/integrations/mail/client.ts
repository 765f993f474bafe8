import nodemailer from 'nodemailer';

/** One mail as the app sends it: Russian, plain text and HTML (modules/mail/templates.ts). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailClient {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  smtpUrl: string;
  /** The From header, e.g. `ScanApp <no-reply@scanapp.example>`. */
  from: string;
  timeoutMs: number;
}

/** A refusal the SMTP server means for good (5xx for this mail), or a failure worth retrying. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/**
 * The real SMTP client (nodemailer), used in production and, in demo mode, against the built-in
 * catcher (integrations/mail/emulator.ts), so the same code path is what the tests exercise.
 */
export function createMailClient(settings: MailSettings): MailClient {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        throw toMailError(error);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * 5xx answers to this mail (an unknown mailbox, a refused address) will not change on a retry;
 * a refused login (EAUTH) is the operator's to fix, so it is retried like a network failure.
 */
function toMailError(error: unknown): MailError {
  const { responseCode, code, message } = error as { responseCode?: unknown; code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH';
  return new MailError(text, permanent);
}
