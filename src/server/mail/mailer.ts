/**
 * Outgoing mail: to the SMTP server of `SMTP_URL` when set, otherwise written to
 * `DATA_DIR/outbox/` as an .eml file and logged, so a fresh machine needs no mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const url = options.smtpUrl;
    let transport: Promise<{ sendMail(m: object): Promise<unknown> }> | null = null;
    return {
      async send(mail) {
        transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
        await (await transport).sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      const dir = outboxDir(options.dataDir);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._+-]/g, '_');
      const file = path.join(dir, `${stamp}-${safeTo}.eml`);
      const text = [
        `From: ${options.from}`,
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        mail.text,
        '',
      ].join('\r\n');
      await writeFile(file, text, { mode: 0o600 });
      options.log.info({ to: mail.to, file }, 'mail written to the outbox (set SMTP_URL to send it)');
    },
  };
}

/**
 * Runs `task` (typically sending a mail) after the current request has been answered, so whether
 * and how fast a mail goes out tells the caller nothing (no account enumeration); a failure is
 * logged for the operator.
 */
export function afterAnswer(log: FastifyBaseLogger, what: string, task: () => Promise<unknown>): void {
  setImmediate(() => {
    task().catch((error: unknown) => log.error({ err: error }, what));
  });
}
