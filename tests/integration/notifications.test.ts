/**
 * Notifications against the real server (spec §4 Notifications, §7 "Notifications"): a reviewer's
 * decision on a submitted profile (the admin API behind `npm run admin -- audit`) reaches the
 * provider's socket as a server message of type 3 holding a push of type 2, through the portal's
 * own client (src/socket in Node); muted categories are not pushed but listed; nothing is lost
 * without a socket; notifications keep their template key and parameters; the red-dot, tree,
 * list, category and settings endpoints (fed by the operators' announcement route).
 */
import WebSocket from 'ws';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type appsocket, createAppSocket, type AppSocket } from '../../src/socket';
import { member } from '../../fixtures';
import { adminCall, apiClient } from '../support/api';
import { assignReport, book, bookableProvider, decide, submitProfile } from '../support/workspace';
import { socketUrl } from './app-socket-support';

const stack = inject('stack');
const api = apiClient(stack);
const sockets: AppSocket[] = [];

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.stop()));
});

/** An operator's announcement (POST /internal/admin/notifications), for the centre's API tests. */
function createFor(email: string, category: string, title: string) {
  return adminCall<{ id: number }>(stack.url, stack.adminSecret, 'POST', '/notifications', {
    email,
    category,
    title,
    body: `${title} (body)`,
  });
}

async function connected(token: string): Promise<{ socket: AppSocket; pushes: appsocket.RedDotPush[] }> {
  const socket = createAppSocket({
    url: socketUrl(stack.url),
    token,
    webSocketFactory: (u) => new WebSocket(u, ['v12.stomp']) as never,
  });
  sockets.push(socket);
  const pushes: appsocket.RedDotPush[] = [];
  socket.on('redDot', (p) => pushes.push(p));
  const up = new Promise<void>((resolve) =>
    socket.on('state', ({ state }) => state === 'connected' && resolve()),
  );
  socket.start();
  await up;
  return { socket, pushes };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

interface Listed {
  id: number;
  category: string;
  title: string;
  body: string;
  template: string | null;
  params: Record<string, string | number>;
}

async function listed(token: string, query = '') {
  const answer = await api.call<{ records: Listed[]; total: number; timezone: string | null }>(
    'GET',
    `/message/message/v2/listMessages?pageSize=20${query}`,
    { token },
  );
  expect(answer.code).toBe('OK');
  return answer.data;
}

/** A fresh provider whose profile waits for review (NEED_AUDIT); no seeded persona changes. */
async function submitted(prefix: string) {
  const fresh = await api.signUpFresh(prefix);
  const answer = await submitProfile(api, fresh.token);
  expect(answer.data.auditStatus).toBe('NEED_AUDIT');
  return fresh;
}

describe('push', () => {
  it('a review approval reaches the socket as a type-3/type-2 push', async () => {
    const fresh = await submitted('push');
    const { pushes } = await connected(fresh.token);
    await decide(stack, fresh.email, 'approve');
    expect(await until(() => pushes.length === 1)).toBe(true);
    const [stored] = (await listed(fresh.token)).records;
    expect(pushes[0]).toMatchObject({
      key: 'NOTIFICATION',
      count: 1,
      notificationId: stored!.id,
      category: 'REVIEW',
      title: 'Your profile was approved',
    });
    expect(stored).toMatchObject({ template: 'review.approved', params: {} });
  });

  it('a rejection with reasons is pushed the same way', async () => {
    const fresh = await submitted('pushreject');
    const { pushes } = await connected(fresh.token);
    await decide(stack, fresh.email, 'reject', ['Licence unreadable', 'Add a diploma']);
    expect(await until(() => pushes.length === 1)).toBe(true);
    expect(pushes[0]).toMatchObject({ category: 'REVIEW', title: 'Your profile was not approved' });
    expect((await listed(fresh.token)).records[0]).toMatchObject({
      body: 'Please update your profile: Licence unreadable Add a diploma',
      template: 'review.rejected',
      params: { reasons: 'Licence unreadable Add a diploma' },
    });
  });

  it('a muted category is not pushed but is listed; other categories still push', async () => {
    const fresh = await submitted('muted');
    const saved = await api.call<{ push: Record<string, boolean> }>(
      'POST',
      '/consultation/doctor/user/notification/setting/saveOrUpdate',
      { token: fresh.token, json: { push: { REVIEW: false } } },
    );
    expect(saved.data.push).toMatchObject({ REVIEW: false, REPORT: true });
    const { pushes } = await connected(fresh.token);
    await decide(stack, fresh.email, 'approve');
    await assignReport(stack, member('ava').email, fresh.email);
    expect(await until(() => pushes.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(pushes.map((p) => p.category)).toEqual(['REPORT']);
    expect(pushes[0]!.count).toBe(2);
    expect((await listed(fresh.token)).records.map((r) => r.title)).toEqual([
      'An expert report was assigned to you',
      'Your profile was approved',
    ]);
  });

  it('nothing is lost for a provider with no socket: the centre shows it at the next visit', async () => {
    const fresh = await submitted('offline');
    await decide(stack, fresh.email, 'approve');
    const dot = await api.call<{ notification: boolean; unread: number }>('GET', '/message/reddot/refresh', {
      token: fresh.token,
    });
    expect(dot.data).toEqual({ notification: true, unread: 1 });
  });
});

describe('stored templates', () => {
  it('a booking and its cancellation keep their template and parameters; the English text uses the provider zone', async () => {
    const p = await bookableProvider(api, stack, 'template');
    const at = new Date(Date.now() + 10 * 60_000).toISOString();
    const booked = await book(stack, member('ava').email, p.email, at, 'Letrozole cycle plan');
    expect(booked.code).toBe('OK');
    const cancelled = await adminCall(stack.url, stack.adminSecret, 'POST', '/bookings/cancel', {
      appointmentId: booked.data.appointmentId,
      reason: 'Feeling unwell',
    });
    expect(cancelled.code).toBe('OK');

    const page = await listed(p.token);
    expect(page.timezone).toBe(p.timezone);
    const [cancel, booking] = page.records;
    const startsAt = booked.data.startsAt;
    const wall = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: p.timezone,
    }).format(new Date(startsAt));
    expect(booking).toMatchObject({
      category: 'BOOKING',
      title: 'New consultation with Ava Thompson',
      template: 'booking.created',
      params: { memberName: 'Ava Thompson', startsAt, topic: 'Letrozole cycle plan' },
    });
    expect(booking!.body).toContain(`${wall} (${p.timezone})`);
    expect(booking!.body).not.toContain(startsAt.slice(0, 16));
    expect(cancel).toMatchObject({
      category: 'BOOKING_CANCELLED',
      title: 'Ava Thompson cancelled a consultation',
      template: 'booking.cancelled',
      params: { memberName: 'Ava Thompson', startsAt, reason: 'Feeling unwell' },
    });
    expect(cancel!.body).toMatch(
      new RegExp(`${wall} \\(${p.timezone}\\) is cancelled\\. Reason: Feeling unwell$`),
    );
  });

  it("operators' free text has no template; a provider without a schedule has no zone yet", async () => {
    const fresh = await api.signUpFresh('notemplate');
    await createFor(fresh.email, 'SYSTEM', 'Maintenance tonight');
    const page = await listed(fresh.token);
    expect(page.timezone).toBeNull();
    expect(page.records[0]).toMatchObject({ title: 'Maintenance tonight', template: null, params: {} });
  });
});

describe('seeded personas', () => {
  it('amelia has read and unread notifications from fixtures/notifications.json', async () => {
    const token = await api.signInAs('amelia');
    const list = await api.call<{ total: number; records: Array<{ read: boolean }> }>(
      'GET',
      '/message/message/v2/listMessages?pageSize=20',
      { token },
    );
    expect(list.data.total).toBeGreaterThanOrEqual(4);
    const dot = await api.call<{ unread: number }>('GET', '/message/reddot/refresh', { token });
    expect(dot.data.unread).toBe(list.data.records.filter((r) => !r.read).length);
    expect(list.data.records.some((r) => r.read)).toBe(true);
  });
});

describe('notification centre API', () => {
  it('pages, counts per category, builds the tree, and marks one and all read', async () => {
    const fresh = await api.signUpFresh('centre');
    const call = <T>(path: string) => api.call<T>('GET', path, { token: fresh.token });
    const ids: number[] = [];
    for (const [category, title] of [
      ['BOOKING', 'b1'],
      ['REVIEW', 'r1'],
      ['MESSAGE', 'm1'],
      ['BOOKING', 'b2'],
      ['SYSTEM', 's1'],
      ['BOOKING', 'b3'],
    ]) {
      ids.push((await createFor(fresh.email, category!, title!)).data.id);
    }
    const page2 = await call<{ records: Array<{ title: string }>; total: number }>(
      '/message/message/v2/listMessages?pageNum=2&pageSize=4',
    );
    expect(page2.data.total).toBe(6);
    expect(page2.data.records.map((r) => r.title)).toEqual(['r1', 'b1']);
    const bookings = await call<{ total: number }>('/message/message/v2/listMessages?category=BOOKING');
    expect(bookings.data.total).toBe(3);

    const tree = await call<{ key: string; count: number; children: Array<{ key: string; count: number }> }>(
      '/message/reddot/tree',
    );
    expect(tree.data).toMatchObject({ key: 'NOTIFICATION', count: 6 });
    expect(tree.data.children.map((c) => [c.key, c.count])).toEqual([
      ['NOTIFICATION_CLIENT_ACTIVITIES_LIST', 4],
      ['NOTIFICATION_UNVIEW_LIST', 6],
    ]);

    const one = await call<{ notification: boolean; unread: number }>(
      `/message/reddot/markRead?id=${ids[1]}`,
    );
    expect(one.data).toEqual({ notification: true, unread: 5 });
    const categories = await call<Array<{ category: string; total: number; unread: number }>>(
      '/message/message/v2/messageCategory',
    );
    expect(categories.data.find((c) => c.category === 'REVIEW')).toMatchObject({ total: 1, unread: 0 });
    expect(categories.data.find((c) => c.category === 'BOOKING')).toMatchObject({ total: 3, unread: 3 });
    const unreadOnly = await call<{ total: number }>('/message/message/v2/listMessages?unread=1');
    expect(unreadOnly.data.total).toBe(5);

    const bookingsRead = await call<{ unread: number }>('/message/reddot/markReadAll?category=BOOKING');
    expect(bookingsRead.data.unread).toBe(2);
    const all = await call<{ notification: boolean; unread: number }>('/message/reddot/markReadAll');
    expect(all.data).toEqual({ notification: false, unread: 0 });
  });

  it("refuses another provider's notification and bad paging", async () => {
    const owner = await api.signUpFresh('owner');
    const other = await api.signUpFresh('intruder');
    const { data } = await createFor(owner.email, 'SYSTEM', 'Private');
    const answer = await api.call('GET', `/message/reddot/markRead?id=${data.id}`, { token: other.token });
    expect([answer.status, answer.code]).toEqual([404, 'NOT_FOUND']);
    const paging = await api.call('GET', '/message/message/v2/listMessages?pageSize=1000', {
      token: owner.token,
    });
    expect([paging.status, paging.code]).toEqual([400, 'VALIDATION_ERROR']);
    const anonymous = await api.call('GET', '/message/reddot/tree');
    expect(anonymous.code).toBe('TOKEN_ERR_EMPTY');
  });

  it('settings: every category pushes until muted; saveOrUpdate takes JSON and merges', async () => {
    const fresh = await api.signUpFresh('settings');
    const path = '/consultation/doctor/user/notification/setting';
    const before = await api.call<{ id: number | null; push: Record<string, boolean> }>(
      'GET',
      `${path}/getById`,
      {
        token: fresh.token,
      },
    );
    expect(before.data.id).toBeNull();
    expect(Object.values(before.data.push).every(Boolean)).toBe(true);
    await api.call('POST', `${path}/saveOrUpdate`, {
      token: fresh.token,
      json: { push: { BOOKING: false } },
    });
    await api.call('POST', `${path}/saveOrUpdate`, { token: fresh.token, json: { push: { SYSTEM: false } } });
    const after = await api.call<{ id: number; push: Record<string, boolean> }>('GET', `${path}/getById`, {
      token: fresh.token,
    });
    expect(after.data.id).toEqual(expect.any(Number));
    expect(after.data.push).toMatchObject({ BOOKING: false, SYSTEM: false, REVIEW: true });
    const wrong = await api.call('POST', `${path}/saveOrUpdate`, {
      token: fresh.token,
      json: { push: { NOT_A_CATEGORY: false } },
    });
    expect(wrong.code).toBe('VALIDATION_ERROR');
  });
});
