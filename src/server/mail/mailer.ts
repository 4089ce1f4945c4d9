/**
 * Outgoing mail: to the SMTP server of `SMTP_URL` when set, otherwise written to
 * `DATA_DIR/outbox/` as an .eml file and logged, so a fresh machine needs no mail server. Each
 * file has its own name (time, a sequence number and random bytes: two mails in one millisecond
 * never share one) and appears whole (written beside it, then renamed).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
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
  let sequence = 0;
  return {
    async send(mail) {
      const dir = outboxDir(options.dataDir);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._+-]/g, '_');
      sequence = (sequence + 1) % 1_000_000;
      const unique = `${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const file = path.join(dir, `${stamp}-${unique}-${safeTo}.eml`);
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
      const partial = `${file}.partial`;
      await writeFile(partial, text, { mode: 0o600, flag: 'wx' });
      await rename(partial, file);
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
