/** The outbox mailer (src/server/mail/mailer.ts): mails written in the same millisecond are all kept. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, outboxDir } from '../../../src/server/mail/mailer';

const log = { info: () => undefined } as unknown as Parameters<typeof createMailer>[0]['log'];
let dataDir = '';

afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the outbox mailer', () => {
  it('keeps every mail of a burst to one address, each file whole', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createMailer({ smtpUrl: null, from: 'Portal <p@example.com>', dataDir, log });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mailer.send({ to: 'ada@clinic.example', subject: 'Code', text: `Your code is ${i}` }),
      ),
    );
    const files = await readdir(outboxDir(dataDir));
    expect(files.filter((f) => f.endsWith('ada@clinic.example.eml'))).toHaveLength(20);
    const bodies = await Promise.all(files.map((f) => readFile(path.join(outboxDir(dataDir), f), 'utf8')));
    const codes = bodies.map((b) => /Your code is (\d+)/.exec(b)?.[1]).sort((a, b) => Number(a) - Number(b));
    expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });
});
