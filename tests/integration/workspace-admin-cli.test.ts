/**
 * `npm run admin -- audit …`, `book …` and `unbook …` against the running server, and the
 * provider's notifications they create.
 */
import { describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../support/admin-cli';
import { apiClient } from '../support/api';
import { bookableProvider, submitProfile, verifyEmail } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack.url);

const admin = (args: string[]) => runAdmin(args, stack.dataDir);

describe('npm run admin -- audit', () => {
  it('approves a submitted profile and lists it as approved', async () => {
    const fresh = await api.signUpFresh('cliapprove');
    await verifyEmail(api, stack, fresh);
    await submitProfile(api, fresh.token);
    const { stdout } = await admin(['audit', 'approve', fresh.email]);
    expect(stdout).toContain('NEED_AUDIT → AUDIT_PASSED');
    const list = await admin(['list']);
    expect(list.stdout).toMatch(new RegExp(`AUDIT_PASSED\\s+${fresh.email.replace(/\./g, '\\.')}`));
  });

  it('rejects with every --reason and refuses a rejection without one', async () => {
    const fresh = await api.signUpFresh('clireject');
    await verifyEmail(api, stack, fresh);
    await submitProfile(api, fresh.token);
    await expect(admin(['audit', 'reject', fresh.email])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--reason'),
    });
    const { stdout } = await admin([
      'audit',
      'reject',
      fresh.email,
      '--reason',
      'Licence unreadable',
      '--reason=Add a diploma',
    ]);
    expect(stdout).toContain('reason: Licence unreadable');
    expect(stdout).toContain('reason: Add a diploma');
    const info = await api.call<{ reasons: string[] }>(
      'GET',
      '/consultation/invite/consultation/info/audit/getInfo',
      {
        token: fresh.token,
      },
    );
    expect(info.data.reasons).toEqual(['Licence unreadable', 'Add a diploma']);
    const list = await admin(['list']);
    const line = list.stdout.split('\n').findIndex((l) => l.includes(fresh.email));
    expect(list.stdout.split('\n')[line]).toMatch(/AUDIT_NOT_PASSED.*\(decided \d{4}-\d{2}-\d{2}\)/);
    expect(list.stdout.split('\n').slice(line + 1, line + 3)).toEqual([
      '        reason: Licence unreadable',
      '        reason: Add a diploma',
    ]);
  });

  it('fails with the server’s reason on an illegal move', async () => {
    await expect(admin(['audit', 'approve', 'amelia.hart@clinic.example'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('INVALID_STATE'),
    });
  });
});

describe('npm run admin -- book / unbook', () => {
  it('books by persona key and time, refuses an overlap, and cancels', async () => {
    const p = await bookableProvider(api, stack, 'clibook');
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const { stdout } = await admin(['book', 'ava', p.email, at, '--topic', 'First consultation']);
    const id = /Booked appointment (\d+)/.exec(stdout)?.[1];
    expect(id).toBeDefined();
    await expect(admin(['book', 'bianca', p.email, at])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('SLOT_UNAVAILABLE'),
    });
    const un = await admin(['unbook', id!, '--reason', 'Something came up']);
    expect(un.stdout).toContain(`Appointment ${id} cancelled`);
    const detail = await api.call<{ status: string; cancelledBy: string; topic: string }>(
      'GET',
      `/consultation/invite/doctor/order/detail?id=${id}`,
      { token: p.token },
    );
    expect(detail.data).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'MEMBER',
      topic: 'First consultation',
    });
    const notes = await api.call<{
      records: Array<{ category: string; title: string; body: string; data: Record<string, unknown> }>;
    }>('GET', '/message/message/v2/listMessages?pageSize=20', { token: p.token });
    const about = notes.data.records.filter((n) => n.data.appointmentId === Number(id));
    expect(about.map((n) => [n.category, n.title])).toEqual([
      ['BOOKING_CANCELLED', 'Ava Thompson cancelled a consultation'],
      ['BOOKING', 'New consultation with Ava Thompson'],
    ]);
    expect(about[0]!.body).toMatch(/is cancelled\. Reason: Something came up$/);
    expect(about[1]!.body).toContain(`(${p.timezone})`);
  });

  it('books the next free slot of a seeded provider', async () => {
    const { stdout } = await admin(['book', 'clara', 'amelia', 'next']);
    expect(stdout).toMatch(/Booked appointment \d+: Clara Jensen with amelia\.hart@clinic\.example/);
  });
});
