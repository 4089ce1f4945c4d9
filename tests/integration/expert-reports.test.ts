/**
 * Expert report assignment (spec §7 "Expert reports", issue 6 "report assignments"): the admin
 * command and endpoint assign a report to an approved provider, which creates the provider's REPORT
 * notification (stored with its template, pushed over the app socket) and counts as pending on the
 * dashboard; the seeded reports give Dr. Amelia a number.
 */
import WebSocket from 'ws';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../support/admin-cli';
import { member, reportFixtures } from '../../fixtures';
import { type appsocket, createAppSocket, type AppSocket } from '../../src/socket';
import { apiClient } from '../support/api';
import { approvedProvider, assignReport } from '../support/workspace';
import { socketUrl } from './app-socket-support';

const stack = inject('stack');
const api = apiClient(stack.url);
const sockets: AppSocket[] = [];

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.stop()));
});

const admin = (args: string[]) => runAdmin(args, stack.dataDir);

async function pendingReports(token: string): Promise<number> {
  const answer = await api.call<{ pendingReports: number }>('GET', '/consultation/invite/doctor/dashboard', {
    token,
  });
  expect(answer.code).toBe('OK');
  return answer.data.pendingReports;
}

interface Listed {
  category: string;
  title: string;
  body: string;
  template: string | null;
  params: Record<string, string | number>;
  data: Record<string, unknown>;
}

async function reportNotifications(token: string): Promise<Listed[]> {
  const list = await api.call<{ records: Listed[] }>(
    'GET',
    '/message/message/v2/listMessages?category=REPORT&pageSize=20',
    { token },
  );
  return list.data.records;
}

describe('npm run admin -- assign-report', () => {
  it('assigns a report, notifies the provider with the report template and counts it as pending', async () => {
    const p = await approvedProvider(api, stack, 'report');
    expect(await pendingReports(p.token)).toBe(0);
    const { stdout } = await admin(['assign-report', 'ava', p.email, '--title', 'Six-cycle review']);
    const id = Number(
      /Assigned report (\d+) "Six-cycle review" \(CYCLE_ANALYSIS\) on Ava Thompson/.exec(stdout)?.[1],
    );
    expect(id).toBeGreaterThan(0);
    expect(stdout).toContain(`to ${p.email}: ASSIGNED`);
    await admin(['assign-report', member('bianca').email, p.email, '--type', 'pregnancy_review']);

    const [second, first] = await reportNotifications(p.token);
    expect(first).toMatchObject({
      category: 'REPORT',
      title: 'An expert report was assigned to you',
      body: 'Six-cycle review for Ava Thompson.',
      template: 'report.assigned',
      params: { memberName: 'Ava Thompson', reportTitle: 'Six-cycle review', reportType: 'CYCLE_ANALYSIS' },
      data: { reportId: id },
    });
    expect(second).toMatchObject({
      template: 'report.assigned',
      params: { memberName: 'Bianca Silva', reportTitle: 'Pregnancy review', reportType: 'PREGNANCY_REVIEW' },
    });
    expect(await pendingReports(p.token)).toBe(2);
    const other = await approvedProvider(api, stack, 'noreports');
    expect(await pendingReports(other.token)).toBe(0);
  });

  it('refuses a provider not approved, an unknown member, and bad arguments', async () => {
    const fresh = await api.signUpFresh('unapproved');
    await expect(admin(['assign-report', 'ava', fresh.email])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('INVALID_STATE'),
    });
    expect(await pendingReports(fresh.token)).toBe(0);
    expect(await reportNotifications(fresh.token)).toEqual([]);
    await expect(admin(['assign-report', 'nobody@example.org', 'amelia'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('NOT_FOUND'),
    });
    await expect(admin(['assign-report', 'ava'])).rejects.toMatchObject({ code: 2 });
    await expect(admin(['assign-report', 'ava', 'amelia', '--type', 'HOROSCOPE'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('CYCLE_ANALYSIS'),
    });
  });
});

describe('POST /internal/admin/reports', () => {
  it('pushes the REPORT notification to the provider’s open socket as a type-3/type-2 push', async () => {
    const p = await approvedProvider(api, stack, 'reportpush');
    const socket = createAppSocket({
      url: socketUrl(stack.url),
      token: p.token,
      webSocketFactory: (u) => new WebSocket(u, ['v12.stomp']) as never,
    });
    sockets.push(socket);
    const pushes: appsocket.RedDotPush[] = [];
    socket.on('redDot', (push) => pushes.push(push));
    const up = new Promise<void>((resolve) =>
      socket.on('state', ({ state }) => state === 'connected' && resolve()),
    );
    socket.start();
    await up;
    const assigned = await assignReport(stack, member('clara').email, p.email, {
      type: 'FERTILITY_ASSESSMENT',
    });
    expect(assigned.code).toBe('OK');
    expect(assigned.data).toMatchObject({ title: 'Fertility assessment', status: 'ASSIGNED' });
    await expect.poll(() => pushes.length, { timeout: 60_000 }).toBe(1);
    expect(pushes[0]).toMatchObject({
      key: 'NOTIFICATION',
      category: 'REPORT',
      notificationId: assigned.data.notificationId,
      title: 'An expert report was assigned to you',
    });
    // The review decision is unread too.
    expect(pushes[0]!.count).toBe(2);
  });

  it('validates the type', async () => {
    const answer = await assignReport(stack, 'ava', 'amelia.hart@clinic.example', { type: 'HOROSCOPE' });
    expect([answer.status, answer.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('seeded reports', () => {
  it('Dr. Amelia has her assigned and claimed reports pending, not the completed one', async () => {
    const token = await api.signInAs('amelia');
    const pending = reportFixtures.reports.filter((r) => r.provider === 'amelia' && r.status !== 'COMPLETED');
    expect(pending.length).toBe(2);
    expect(await pendingReports(token)).toBe(pending.length);
    const notes = await reportNotifications(token);
    expect(notes.map((n) => n.params.memberName).sort()).toEqual([
      'Ava Thompson',
      'Clara Jensen',
      'Daniela Moreno',
    ]);
  });
});
