/**
 * Availability (docs/lessons.md §17, spec §7 "Profile and schedule") against the real server: weekly
 * hours, overrides, deletion, validation, and the calendar feed across a daylight-saving change.
 */
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';

const stack = inject('stack');
const api = apiClient(stack);
const GET = '/consultation/schedule/new/get';
const UPDATE = '/consultation/schedule/new/update';

interface Schedule {
  configured: boolean;
  settings: { timezone: string; consultationMinutes: number; bufferMinutes: number };
  weekly: Array<{ id: number; weekday: number; start: string; end: string }>;
  overrides: Array<{ id: number; date: string; kind: string; start: string | null; note: string }>;
}

const future = (days: number) => new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);

describe('schedule', () => {
  it('starts from defaults in the provider zone', async () => {
    const fresh = await api.signUpFresh('sched');
    await api.call('POST', '/user/user/doctor/updateDoctorInfo', {
      token: fresh.token,
      form: { timezone: 'Europe/Rome' },
    });
    const answer = await api.call<Schedule>('GET', GET, { token: fresh.token });
    expect(answer.data).toMatchObject({
      configured: false,
      settings: { timezone: 'Europe/Rome', consultationMinutes: 45, bufferMinutes: 15 },
      weekly: [],
      overrides: [],
    });
  });

  it('saves weekly hours and overrides, and deletes them by id', async () => {
    const fresh = await api.signUpFresh('schedsave');
    const saved = await api.call<Schedule>('POST', UPDATE, {
      token: fresh.token,
      json: {
        timezone: 'America/New_York',
        consultationMinutes: 30,
        bufferMinutes: 10,
        weekly: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '13:00', end: '17:00' },
          { weekday: 3, start: '10:00', end: '14:00' },
        ],
        overrides: [
          { date: future(10), kind: 'DAY_OFF', note: 'Holiday' },
          { date: future(11), kind: 'EXTRA', start: '18:00', end: '20:00' },
        ],
      },
    });
    expect(saved.code).toBe('OK');
    expect(saved.data.configured).toBe(true);
    expect(saved.data.settings).toMatchObject({ timezone: 'America/New_York', consultationMinutes: 30 });
    expect(saved.data.weekly.map((w) => `${w.weekday} ${w.start}-${w.end}`)).toEqual([
      '1 09:00-12:00',
      '1 13:00-17:00',
      '3 10:00-14:00',
    ]);
    expect(saved.data.overrides.map((o) => o.kind)).toEqual(['DAY_OFF', 'EXTRA']);

    const replaced = await api.call<Schedule>('POST', UPDATE, {
      token: fresh.token,
      json: { weekly: [{ weekday: 5, start: '08:00', end: '10:00' }] },
    });
    expect(replaced.data.weekly.map((w) => w.weekday)).toEqual([5]);
    expect(replaced.data.overrides).toHaveLength(2);

    const dayOff = replaced.data.overrides.find((o) => o.kind === 'DAY_OFF')!;
    const deleted = await api.call<Schedule>('POST', '/consultation/schedule/delete', {
      token: fresh.token,
      form: { ids: String(dayOff.id) },
    });
    expect(deleted.data.overrides.map((o) => o.kind)).toEqual(['EXTRA']);
  });

  it('refuses overlapping, too short and past hours field by field', async () => {
    const fresh = await api.signUpFresh('schedbad');
    const answer = await api.call<{ fields: Array<{ field: string; message: string }> }>('POST', UPDATE, {
      token: fresh.token,
      json: {
        consultationMinutes: 60,
        weekly: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '11:00', end: '13:00' },
          { weekday: 4, start: '09:00', end: '09:30' },
        ],
        overrides: [{ date: '2020-01-01', kind: 'DAY_OFF' }],
      },
    });
    expect(answer).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(answer.data.fields.map((f) => f.field)).toEqual(['weekly.1', 'weekly.2', 'overrides.0']);
    const shape = await api.call<{ fields: Array<{ field: string }> }>('POST', UPDATE, {
      token: fresh.token,
      json: {
        consultationMinutes: 7,
        timezone: 'Mars/Base',
        weekly: [{ weekday: 8, start: '9am', end: '10:00' }],
      },
    });
    expect(shape.data.fields.map((f) => f.field).sort()).toEqual([
      'consultationMinutes',
      'timezone',
      'weekly.0.start',
      'weekly.0.weekday',
    ]);
    const after = await api.call<Schedule>('GET', GET, { token: fresh.token });
    expect(after.data.configured).toBe(false);
  });

  it('keeps one time zone: saved in the schedule or in her info, both show it (docs/architecture.md §3 "Her time zone")', async () => {
    const fresh = await api.signUpFresh('schedzone');
    const info = () =>
      api.call<{ timezone: string }>('GET', '/consultation/invite/doctor/getInfo', { token: fresh.token });
    const schedule = () => api.call<Schedule>('GET', GET, { token: fresh.token });
    await api.call('POST', UPDATE, {
      token: fresh.token,
      json: { timezone: 'Asia/Tokyo', weekly: [{ weekday: 1, start: '09:00', end: '12:00' }] },
    });
    expect((await info()).data.timezone).toBe('Asia/Tokyo');
    await api.call('POST', '/user/user/doctor/updateDoctorInfo', {
      token: fresh.token,
      form: { timezone: 'America/Chicago' },
    });
    expect((await schedule()).data.settings.timezone).toBe('America/Chicago');
    expect((await info()).data.timezone).toBe('America/Chicago');
    // Saving the schedule without a zone keeps hers.
    await api.call('POST', UPDATE, { token: fresh.token, json: { bufferMinutes: 5 } });
    expect((await info()).data.timezone).toBe('America/Chicago');
    expect((await schedule()).data.settings.timezone).toBe('America/Chicago');
  });

  it('refuses deleting another provider’s entries, and deletes nothing then', async () => {
    const owner = await api.signUpFresh('schedowner');
    const other = await api.signUpFresh('schedother');
    const saved = await api.call<Schedule>('POST', UPDATE, {
      token: owner.token,
      json: { weekly: [{ weekday: 1, start: '09:00', end: '12:00' }] },
    });
    const mine = await api.call<Schedule>('POST', UPDATE, {
      token: other.token,
      json: { weekly: [{ weekday: 2, start: '09:00', end: '12:00' }] },
    });
    const answer = await api.call('POST', '/consultation/schedule/delete', {
      token: other.token,
      form: { ids: `${mine.data.weekly[0]!.id},${saved.data.weekly[0]!.id}` },
    });
    expect(answer).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await api.call<Schedule>('GET', GET, { token: owner.token })).data.weekly).toHaveLength(1);
    expect((await api.call<Schedule>('GET', GET, { token: other.token })).data.weekly).toHaveLength(1);
  });
});

describe('calendar feed', () => {
  it('places Monday 09:00 London at 09:00 UTC before and 08:00 UTC after the March change', async () => {
    const fresh = await api.signUpFresh('calendar');
    await api.call('POST', UPDATE, {
      token: fresh.token,
      json: { timezone: 'Europe/London', weekly: [{ weekday: 1, start: '09:00', end: '12:00' }] },
    });
    const answer = await api.call<{ timezone: string; windows: Array<{ start: string; end: string }> }>(
      'GET',
      '/consultation/schedule/calendar?from=2027-03-22T00:00:00Z&to=2027-04-05T00:00:00Z',
      { token: fresh.token },
    );
    expect(answer.data.timezone).toBe('Europe/London');
    expect(answer.data.windows.map((w) => w.start)).toEqual([
      '2027-03-22T09:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
    ]);
  });

  it('shows the provider’s appointments and days off, and refuses long ranges', async () => {
    const token = await api.signInAs('amelia');
    const from = new Date(Date.now() - 86400_000).toISOString();
    const to = new Date(Date.now() + 14 * 86400_000).toISOString();
    const answer = await api.call<{
      appointments: Array<{ status: string }>;
      daysOff: string[];
      windows: unknown[];
    }>('GET', `/consultation/schedule/calendar?from=${from}&to=${to}`, { token });
    expect(answer.data.appointments.length).toBeGreaterThan(0);
    expect(answer.data.appointments.every((a) => a.status !== 'CANCELLED')).toBe(true);
    expect(answer.data.daysOff).toHaveLength(1);
    expect(answer.data.windows.length).toBeGreaterThan(5);
    const tooLong = await api.call(
      'GET',
      `/consultation/schedule/calendar?from=2027-01-01T00:00:00Z&to=2027-06-01T00:00:00Z`,
      {
        token,
      },
    );
    expect(tooLong).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const bruno = await api.signInAs('bruno');
    const theirs = await api.call<{ appointments: unknown[] }>(
      'GET',
      `/consultation/schedule/calendar?from=${from}&to=${to}`,
      {
        token: bruno,
      },
    );
    expect(theirs.data.appointments).toEqual([]);
  });
});
