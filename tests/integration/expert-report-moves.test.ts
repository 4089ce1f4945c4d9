/**
 * Report work end to end (spec §7 "Expert reports", issue 12): a member's request in the open
 * pool is claimed, saved as a draft, completed — the member's app gets the bot say — and the
 * dashboard's pending count follows every move; of two simultaneous claims exactly one wins; every
 * illegal move answers its own code.
 */
import WebSocket from 'ws';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { type appsocket, createAppSocket, type AppSocket } from '../../src/socket';
import { apiClient } from '../support/api';
import { qbClient } from '../support/qb';
import { grantedProvider, move, REPORT_BASE, reportGet, requestReport, SUMMARY_OK } from '../support/reports';
import { assignReport } from '../support/workspace';
import { connectRaw, socketUrl } from './app-socket-support';

const stack = inject('stack');
const api = apiClient(stack.url);
const qb = qbClient(stack.url);
const sockets: AppSocket[] = [];

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.stop()));
});

async function pending(token: string): Promise<number> {
  const answer = await api.call<{ pendingReports: number }>('GET', '/consultation/invite/doctor/dashboard', {
    token,
  });
  return answer.data.pendingReports;
}

function save(token: string, body: Record<string, unknown>) {
  return api.call<{ content: Record<string, unknown>; editable: boolean; blogs: Array<{ id: number }> }>(
    'POST',
    `${REPORT_BASE}/save`,
    { token, json: body },
  );
}

async function memberSocket(key: string) {
  const token = await qb.memberSession(key);
  const socket = createAppSocket({
    url: socketUrl(stack.url),
    token,
    webSocketFactory: (u) => new WebSocket(u, ['v12.stomp']) as never,
  });
  sockets.push(socket);
  const messages: appsocket.ServerMessage[] = [];
  socket.on('message', ({ message }) => messages.push(message));
  const up = new Promise<void>((resolve) =>
    socket.on('state', ({ state }) => state === 'connected' && resolve()),
  );
  socket.start();
  await up;
  return messages;
}

describe('claim → save → completed', () => {
  it('moves a pool report to completed, tells the member’s app and keeps the pending count', async () => {
    const p = await grantedProvider(api, stack, 'reportflow');
    const id = await requestReport(stack, member('emma').email, {
      title: 'Second cycle off the pill',
      question: 'When do I ovulate?',
    });
    expect(await pending(p.token)).toBe(0);

    const claimed = await move(api, p.token, 'claim', id);
    expect(claimed.code).toBe('OK');
    expect(claimed.data).toMatchObject({ reportId: id, status: 'CLAIMED', mine: true });
    expect(await pending(p.token)).toBe(1);
    const myTask = await reportGet<{ total: number; list: Array<{ reportId: number }> }>(
      api,
      p.token,
      'reportList',
      {
        type: 'MyTask',
        page: 1,
        pageSize: 10,
      },
    );
    expect(myTask.data.list.map((r) => r.reportId)).toEqual([id]);

    const saved = await save(p.token, {
      reportId: id,
      summary: SUMMARY_OK,
      categoryIds: [1],
      toDoIds: [1, 12],
      customToDos: ['Send me your next two charts.'],
      lifestyleIds: [3],
      blogIds: [2],
      videoIds: [1],
      tagIds: [3],
      followUpWeeks: 8,
    });
    expect(saved.code).toBe('OK');
    expect(saved.data).toMatchObject({
      editable: true,
      content: { summary: SUMMARY_OK, categoryIds: [1], toDoIds: [1, 12], followUpWeeks: 8 },
    });
    expect(saved.data.blogs.map((b) => b.id)).toEqual([2]);

    const messages = await memberSocket('emma');
    const completed = await move(api, p.token, 'completed', id);
    expect(completed.code).toBe('OK');
    expect(completed.data.status).toBe('COMPLETED');
    expect(await pending(p.token)).toBe(0);

    await expect.poll(() => messages.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const push = messages[0]!;
    expect(push.type).toBe(3);
    expect(push.push?.type).toBe(1);
    const bot = push.push!.bot!;
    const items = bot.items ?? [];
    expect(bot.sayId).toBe(`expert-report-${id}`);
    expect(items[0]!.text!.text).toContain('"Second cycle off the pill"');
    expect(items[1]!.charts).toMatchObject({
      title: 'Second cycle off the pill',
      link: `app://expert-report/${id}`,
    });
    expect(items.some((i) => i.blog && Number(i.blog.id) === 2)).toBe(true);
    expect(items.some((i) => i.video)).toBe(true);

    const done = await reportGet<{ list: Array<{ reportId: number }> }>(api, p.token, 'reportList', {
      type: 'Completed',
    });
    expect(done.data.list.map((r) => r.reportId)).toEqual([id]);
  });

  it('gives a claimed report back to the pool, where another provider claims it with its draft', async () => {
    const [a, b] = [
      await grantedProvider(api, stack, 'giveback'),
      await grantedProvider(api, stack, 'takeover'),
    ];
    const id = await requestReport(stack, member('ava').email);
    await move(api, a.token, 'claim', id);
    await save(a.token, { reportId: id, summary: 'Draft by the first provider' });
    expect(await pending(a.token)).toBe(1);
    const back = await move(api, a.token, 'disclaim', id);
    expect(back.data).toMatchObject({ status: 'OPEN', providerId: null, mine: false });
    expect(await pending(a.token)).toBe(0);
    const open = await reportGet<{ list: Array<{ reportId: number }> }>(api, b.token, 'reportList', {
      type: 'Open',
      pageSize: 100,
    });
    expect(open.data.list.map((r) => r.reportId)).toContain(id);
    expect((await move(api, b.token, 'claim', id)).data.status).toBe('CLAIMED');
    const detail = await reportGet<{ content: { summary: string } }>(api, b.token, 'getByExpertReportId', {
      reportId: id,
    });
    expect(detail.data.content.summary).toBe('Draft by the first provider');
  });

  it('lets an assigned provider claim or decline (back to the pool) only her own assignment', async () => {
    const [a, b] = [
      await grantedProvider(api, stack, 'assigned'),
      await grantedProvider(api, stack, 'bystander'),
    ];
    const assign = () => assignReport(stack, member('clara').email, a.email);
    const first = (await assign()).data.reportId;
    expect(await pending(a.token)).toBe(1);
    expect((await move(api, b.token, 'claim', first)).code).toBe('EXPERT_REPORT_NOT_YOURS');
    expect((await move(api, a.token, 'disclaim', first)).data.status).toBe('OPEN');
    expect(await pending(a.token)).toBe(0);
    const second = (await assign()).data.reportId;
    expect((await move(api, a.token, 'claim', second)).data.status).toBe('CLAIMED');
    expect(await pending(a.token)).toBe(1);
  });
});

describe('the claim race', () => {
  it('of two providers claiming the same report at once, exactly one wins', async () => {
    const [a, b] = [
      await grantedProvider(api, stack, 'racer-a'),
      await grantedProvider(api, stack, 'racer-b'),
    ];
    for (let round = 0; round < 5; round++) {
      const id = await requestReport(stack, member('bianca').email, { type: 'PREGNANCY_REVIEW' });
      const answers = await Promise.all([move(api, a.token, 'claim', id), move(api, b.token, 'claim', id)]);
      const codes = answers.map((x) => x.code).sort();
      expect(codes).toEqual(['EXPERT_REPORT_ALREADY_CLAIMED', 'OK']);
      const loser = answers.find((x) => x.code !== 'OK')!;
      expect(loser.status).toBe(409);
      const winner = answers.find((x) => x.code === 'OK')!;
      const detail = await reportGet<{ providerId: number; status: string }>(
        api,
        winner === answers[0] ? a.token : b.token,
        'getByExpertReportId',
        { reportId: id },
      );
      expect(detail.data).toMatchObject({ status: 'CLAIMED', providerId: winner.data.providerId });
    }
  });
});

describe('illegal moves', () => {
  it('answer a clear code each', async () => {
    const [a, b] = [
      await grantedProvider(api, stack, 'owner'),
      await grantedProvider(api, stack, 'intruder'),
    ];
    const id = await requestReport(stack, member('fatima').email);
    expect((await move(api, a.token, 'completed', id)).code).toBe('EXPERT_REPORT_NOT_CLAIMED');
    expect((await save(a.token, { reportId: id, summary: 'x' })).code).toBe('EXPERT_REPORT_NOT_CLAIMED');
    await move(api, a.token, 'claim', id);
    expect((await move(api, a.token, 'claim', id)).code).toBe('EXPERT_REPORT_ALREADY_CLAIMED');
    expect((await move(api, b.token, 'claim', id)).code).toBe('EXPERT_REPORT_ALREADY_CLAIMED');
    expect((await move(api, b.token, 'completed', id)).code).toBe('EXPERT_REPORT_NOT_YOURS');
    expect((await move(api, b.token, 'disclaim', id)).code).toBe('EXPERT_REPORT_NOT_YOURS');
    expect((await save(b.token, { reportId: id, summary: SUMMARY_OK })).code).toBe('EXPERT_REPORT_NOT_YOURS');

    // Completing needs a saved summary and a finding.
    const empty = await move(api, a.token, 'completed', id);
    expect([empty.status, empty.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(
      (empty.data as unknown as { fields: Array<{ field: string }> }).fields.map((f) => f.field),
    ).toEqual(['summary', 'categoryIds']);
    await save(a.token, { reportId: id, summary: SUMMARY_OK, categoryIds: [7] });
    expect((await move(api, a.token, 'completed', id)).code).toBe('OK');

    const edit = await save(a.token, { reportId: id, summary: 'Changed afterwards' });
    expect([edit.status, edit.code]).toEqual([409, 'EXPERT_REPORT_COMPLETED']);
    expect((await move(api, a.token, 'disclaim', id)).code).toBe('EXPERT_REPORT_COMPLETED');
    expect((await move(api, a.token, 'claim', id)).code).toBe('EXPERT_REPORT_COMPLETED');
    const detail = await reportGet<{ content: { summary: string }; editable: boolean }>(
      api,
      a.token,
      'getByExpertReportId',
      { reportId: id },
    );
    expect(detail.data).toMatchObject({ editable: false, content: { summary: SUMMARY_OK } });
  });

  it('validates ids and bodies, and answers NOT_FOUND for an unknown report', async () => {
    const a = await grantedProvider(api, stack, 'validate');
    const id = await requestReport(stack, member('clara').email);
    await move(api, a.token, 'claim', id);
    const unknown = await save(a.token, { reportId: id, blogIds: [99999], categoryIds: [1, 4242] });
    expect(unknown.code).toBe('VALIDATION_ERROR');
    expect((unknown.data as unknown as { fields: Array<{ field: string; message: string }> }).fields).toEqual(
      [
        { field: 'categoryIds', message: 'Unknown id 4242' },
        { field: 'blogIds', message: 'Unknown id 99999' },
      ],
    );
    expect((await save(a.token, { reportId: id, summary: 42 })).code).toBe('VALIDATION_ERROR');
    expect((await save(a.token, { reportId: id, followUpWeeks: 99 })).code).toBe('VALIDATION_ERROR');
    expect((await save(a.token, { summary: SUMMARY_OK })).code).toBe('VALIDATION_ERROR');
    expect((await save(a.token, { reportId: id, customToDos: Array(11).fill('x') })).code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await move(api, a.token, 'claim', 987654)).code).toBe('NOT_FOUND');
    const noId = await api.call('POST', `${REPORT_BASE}/claim`, { token: a.token });
    expect([noId.status, noId.code]).toEqual([400, 'VALIDATION_ERROR']);
    const badId = await api.call('POST', `${REPORT_BASE}/claim?reportId=abc`, { token: a.token });
    expect(badId.code).toBe('VALIDATION_ERROR');
  });
});

describe("the member's app socket", () => {
  it('opens with a member’s chat-service session token only', async () => {
    const refuse = async (token: string) => {
      const peer = await connectRaw(socketUrl(stack.url), token);
      const error = await peer.next((f) => f.command === 'ERROR');
      await peer.close();
      return error.headers.message;
    };
    // A provider's chat session, an application session without a user, a made-up token.
    expect(await refuse((await qb.providerSession('amelia')).token)).toBe('TOKEN_ERR_NOT_FOUND');
    expect(await refuse(await qb.createSession())).toBe('TOKEN_ERR_NOT_FOUND');
    expect(await refuse('0123456789abcdef0123456789abcdef01234567')).toBe('TOKEN_ERR_NOT_FOUND');
    const peer = await connectRaw(socketUrl(stack.url), await qb.memberSession('clara'));
    expect(peer.frames.some((f) => f.command === 'CONNECTED')).toBe(true);
    await peer.close();
  });
});
