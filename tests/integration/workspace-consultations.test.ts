/**
 * Clients and appointments (spec §2 /clients, /orders, /orders/detail; spec §7 consultation/end)
 * and bookings through the server: inside availability only, never overlapping, provider-scoped.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { adminCall, apiClient } from '../support/api';
import { book, bookableProvider } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);

interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  list: T[];
}
interface Appointment {
  id: number;
  status: string;
  memberName: string;
  memberChatId: number;
  startsAt: string;
  endsAt: string;
  fee: { amountCents: number; currency: string };
}

describe('clients and appointments of a seeded provider', () => {
  let amelia: string;
  let bruno: string;
  beforeAll(async () => {
    amelia = await api.signInAs('amelia');
    bruno = await api.signInAs('bruno');
  });

  it('lists clients with search and paging', async () => {
    const all = await api.call<Page<{ name: string; chatId: number; consultations: number }>>(
      'GET',
      '/consultation/invite/doctor/client/list?page=1&pageSize=10',
      { token: amelia },
    );
    expect(all.data.total).toBe(5);
    expect(all.data.list.map((c) => c.name)).toEqual([
      'Ava Thompson',
      'Bianca Silva',
      'Clara Jensen',
      'Daniela Moreno',
      'Fatima Haddad',
    ]);
    expect(all.data.list[0]).toMatchObject({ chatId: member('ava').chatId });
    const search = await api.call<Page<{ name: string }>>(
      'GET',
      '/consultation/invite/doctor/client/list?keyword=JENS',
      {
        token: amelia,
      },
    );
    expect(search.data.list.map((c) => c.name)).toEqual(['Clara Jensen']);
    const wild = await api.call<Page<unknown>>('GET', '/consultation/invite/doctor/client/list?keyword=%25', {
      token: amelia,
    });
    expect(wild.data.total).toBe(0);
    const bad = await api.call('GET', '/consultation/invite/doctor/client/list?pageSize=7', {
      token: amelia,
    });
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const theirs = await api.call<Page<unknown>>('GET', '/consultation/invite/doctor/client/list', {
      token: bruno,
    });
    expect(theirs.data.total).toBe(0);
  });

  it('filters appointments by status and pages them', async () => {
    const all = await api.call<Page<Appointment>>(
      'GET',
      '/consultation/invite/doctor/order/list?pageSize=10',
      { token: amelia },
    );
    expect(all.data.total).toBeGreaterThan(10);
    expect(all.data.list).toHaveLength(10);
    const second = await api.call<Page<Appointment>>(
      'GET',
      '/consultation/invite/doctor/order/list?pageSize=10&page=2',
      {
        token: amelia,
      },
    );
    expect(second.data.list[0]!.id).not.toBe(all.data.list[0]!.id);
    const upcoming = await api.call<Page<Appointment>>(
      'GET',
      '/consultation/invite/doctor/order/list?status=UPCOMING',
      {
        token: amelia,
      },
    );
    expect(upcoming.data.list.every((a) => a.status === 'UPCOMING')).toBe(true);
    const starts = upcoming.data.list.map((a) => a.startsAt);
    expect(starts).toEqual([...starts].sort());
    const cancelled = await api.call<Page<Appointment>>(
      'GET',
      '/consultation/invite/doctor/order/list?status=CANCELLED',
      {
        token: amelia,
      },
    );
    expect(cancelled.data.total).toBe(2);
    const bad = await api.call('GET', '/consultation/invite/doctor/order/list?status=LOST', {
      token: amelia,
    });
    expect(bad.code).toBe('VALIDATION_ERROR');
  });

  it('shows an appointment to its provider only', async () => {
    const list = await api.call<Page<Appointment>>(
      'GET',
      '/consultation/invite/doctor/order/list?status=COMPLETED',
      {
        token: amelia,
      },
    );
    const id = list.data.list[0]!.id;
    const detail = await api.call<Appointment & { consultationsWithClient: number; endedAt: string }>(
      'GET',
      `/consultation/invite/doctor/order/detail?id=${id}`,
      { token: amelia },
    );
    expect(detail.data).toMatchObject({
      id,
      status: 'COMPLETED',
      fee: { amountCents: 8500, currency: 'USD' },
    });
    expect(detail.data.consultationsWithClient).toBeGreaterThan(0);
    const theirs = await api.call('GET', `/consultation/invite/doctor/order/detail?id=${id}`, {
      token: bruno,
    });
    expect(theirs).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const cancel = await api.call('POST', '/consultation/invite/doctor/consultation/cancel', {
      token: bruno,
      form: { id, reason: 'not mine' },
    });
    expect(cancel.code).toBe('NOT_FOUND');
    const bad = await api.call('GET', '/consultation/invite/doctor/order/detail?id=abc', { token: amelia });
    expect(bad.code).toBe('VALIDATION_ERROR');
  });
});

describe('bookings and the consultation lifecycle', () => {
  it('books inside availability and refuses outside it, overlapping or for an unapproved provider', async () => {
    const p = await bookableProvider(api, stack, 'booker');
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    const booked = await book(stack, member('ava').email, p.email, soon, 'Cycle questions');
    expect(booked.code).toBe('OK');
    const overlap = await book(
      stack,
      member('bianca').email,
      p.email,
      new Date(Date.now() + 20 * 60_000).toISOString(),
    );
    expect(overlap).toMatchObject({ status: 409, code: 'SLOT_UNAVAILABLE', data: { reason: 'OVERLAP' } });
    const outside = await book(
      stack,
      member('bianca').email,
      p.email,
      new Date(Date.now() + 8 * 3600_000).toISOString(),
    );
    expect(outside).toMatchObject({ code: 'SLOT_UNAVAILABLE', data: { reason: 'OUTSIDE_AVAILABILITY' } });
    const past = await book(
      stack,
      member('bianca').email,
      p.email,
      new Date(Date.now() - 60_000).toISOString(),
    );
    expect(past.data).toMatchObject({ reason: 'IN_PAST' });
    const pending = await book(stack, member('emma').email, provider('bruno').email, 'next');
    expect(pending).toMatchObject({ code: 'SLOT_UNAVAILABLE', data: { reason: 'NOT_APPROVED' } });
    const notes = await adminCall<Array<{ category: string }>>(
      stack.url,
      stack.adminSecret,
      'GET',
      `/notifications?email=${encodeURIComponent(p.email)}`,
    );
    expect(notes.data[0]).toMatchObject({ category: 'BOOKING' });
  });

  it('starts and ends a consultation by the client’s chat id, and cancels another', async () => {
    const p = await bookableProvider(api, stack, 'lifecycle');
    const soon = await book(
      stack,
      member('clara').email,
      p.email,
      new Date(Date.now() + 3 * 60_000).toISOString(),
    );
    const later = await book(
      stack,
      member('daniela').email,
      p.email,
      new Date(Date.now() + 3 * 3600_000).toISOString(),
    );
    expect([soon.code, later.code]).toEqual(['OK', 'OK']);
    const early = await api.call(
      'POST',
      `/consultation/invite/doctor/consultation/start?id=${later.data.appointmentId}`,
      {
        token: p.token,
      },
    );
    expect(early).toMatchObject({ status: 409, code: 'INVALID_STATE' });
    const started = await api.call<Appointment>(
      'POST',
      `/consultation/invite/doctor/consultation/start?id=${soon.data.appointmentId}`,
      { token: p.token },
    );
    expect(started.data.status).toBe('IN_PROGRESS');
    const ended = await api.call<Appointment & { endedAt: string }>(
      'POST',
      `/consultation/invite/doctor/consultation/end?quickBloxId=${member('clara').chatId}`,
      { token: p.token },
    );
    expect(ended.data).toMatchObject({ id: soon.data.appointmentId, status: 'COMPLETED' });
    expect(ended.data.endedAt).toBeTruthy();
    const again = await api.call(
      'POST',
      `/consultation/invite/doctor/consultation/end?quickBloxId=${member('clara').chatId}`,
      {
        token: p.token,
      },
    );
    expect(again.code).toBe('INVALID_STATE');
    const stranger = await api.call(
      'POST',
      `/consultation/invite/doctor/consultation/end?quickBloxId=${member('fatima').chatId}`,
      {
        token: p.token,
      },
    );
    expect(stranger.code).toBe('NOT_FOUND');
    const noReason = await api.call('POST', '/consultation/invite/doctor/consultation/cancel', {
      token: p.token,
      form: { id: later.data.appointmentId, reason: '' },
    });
    expect(noReason.code).toBe('VALIDATION_ERROR');
    const cancelled = await api.call<Appointment & { cancelledBy: string }>(
      'POST',
      '/consultation/invite/doctor/consultation/cancel',
      { token: p.token, form: { id: later.data.appointmentId, reason: 'I am ill today' } },
    );
    expect(cancelled.data).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'PROVIDER',
      cancelReason: 'I am ill today',
    });
    const counts = await api.call<{ completed: number; cancelled: number; having: number }>(
      'GET',
      '/consultation/invite/doctor/having/consultation/counts',
      { token: p.token },
    );
    expect(counts.data).toMatchObject({ completed: 1, cancelled: 1, having: 0 });
    const rebook = await book(stack, member('daniela').email, p.email, later.data.startsAt);
    expect(rebook.code).toBe('OK');
  });
});
