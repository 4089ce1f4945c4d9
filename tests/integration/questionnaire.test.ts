/**
 * Intake questionnaires (issue 12, spec §2 /question): seeded for Amelia's upcoming bookings in
 * line with each member's story, their figures those of her records as the member panel reads them
 * (issue 26), readable only by the appointment's provider.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { adminCall, apiClient } from '../support/api';
import { reportGet } from '../support/reports';
import { book, bookableProvider } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);
const PATH = '/consultation/invite/doctor/order/questionnaire';

interface Appointment {
  id: number;
  memberId: number;
  memberName: string;
  topic: string;
}
interface Questionnaire {
  appointment: Appointment & { memberTimezone: string };
  questionnaire: null | {
    formVersion: number;
    submittedAt: string;
    answers: {
      goal: string;
      age: number;
      conditions: string[];
      medications: string[];
      cycle: null | {
        regularity: string;
        averageLengthDays: number;
        shortestDays: number;
        longestDays: number;
        periodLengthDays: number;
        lastPeriodStart: string | null;
      };
      pregnancy: null | { weeks: number; dueDate: string };
      obstetricHistory: { pregnancies: number; miscarriages: number };
      shareCycleData: boolean;
    };
  };
}

describe('intake questionnaires', () => {
  let amelia: string;
  let upcoming: Appointment[];
  beforeAll(async () => {
    amelia = await api.signInAs('amelia');
    const list = await api.call<{ list: Appointment[] }>(
      'GET',
      '/consultation/invite/doctor/order/list?status=UPCOMING&pageSize=50',
      { token: amelia },
    );
    upcoming = list.data.list;
  });

  const byTopic = (topic: string) => {
    const found = upcoming.find((a) => a.topic === topic);
    if (!found) throw new Error(`No upcoming booking "${topic}"`);
    return found;
  };
  const read = (token: string, appointmentId: number | string) =>
    api.call<Questionnaire>('GET', `${PATH}?appointmentId=${appointmentId}`, { token });

  it('answers what each member filled in, in line with her story', async () => {
    const daniela = await read(amelia, byTopic('Follow-up on ovulation tracking').id);
    expect(daniela.code).toBe('OK');
    expect(daniela.data.appointment.memberName).toBe(member('daniela').name);
    expect(daniela.data.appointment.memberTimezone).toBe(member('daniela').timezone);
    const d = daniela.data.questionnaire!.answers;
    expect(d.goal).toBe('TRYING_TO_CONCEIVE');
    expect(d.age).toBe(31);
    expect(d.conditions.join(' ')).toMatch(/Polycystic ovary syndrome/);
    expect(d.cycle).toMatchObject({ regularity: 'IRREGULAR' });
    expect(d.cycle!.averageLengthDays).toBeGreaterThan(35);
    expect(d.cycle!.lastPeriodStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.pregnancy).toBeNull();

    const fatima = (await read(amelia, byTopic('Anxiety before the twelve-week scan').id)).data
      .questionnaire!;
    expect(fatima.answers).toMatchObject({ goal: 'PREGNANT', age: 40, cycle: null, shareCycleData: false });
    expect(fatima.answers.obstetricHistory).toMatchObject({ pregnancies: 2, miscarriages: 1 });
    expect(fatima.answers.pregnancy!.weeks).toBe(7);
    expect(Date.parse(fatima.answers.pregnancy!.dueDate)).toBeGreaterThan(Date.now());
    expect(Date.parse(fatima.submittedAt)).toBeLessThan(Date.now());

    const bianca = (await read(amelia, byTopic('Pelvic pain at 12 weeks').id)).data.questionnaire!;
    expect(bianca.answers).toMatchObject({ goal: 'PREGNANT', pregnancy: { weeks: 12 } });
    const clara = (await read(amelia, byTopic('Short luteal phase before IVF').id)).data.questionnaire!;
    expect(clara.answers).toMatchObject({ goal: 'PREPARING_TREATMENT', cycle: { regularity: 'REGULAR' } });
    expect(clara.answers.conditions.join(' ')).toMatch(/Low AMH/);
  });

  it('gives her age, last period, pregnancy and usual cycle as the member panel does (issue 26)', async () => {
    const topics = [
      'Letrozole cycle plan',
      'Pelvic pain at 12 weeks',
      'Short luteal phase before IVF',
      'Follow-up on ovulation tracking',
      'Anxiety before the twelve-week scan',
    ];
    for (const topic of topics) {
      const booking = byTopic(topic);
      const { answers } = (await read(amelia, booking.id)).data.questionnaire!;
      const info = await reportGet<{
        age: number;
        cycleLengthDays: number | null;
        cycleLengthRange: { min: number; max: number } | null;
        periodLengthDays: number | null;
        lastMenstrualPeriod: string | null;
        pregnancyWeek: number | null;
        dueDate: string | null;
      }>(api, amelia, 'getUserInfo', { userId: booking.memberId });
      expect(info.code, topic).toBe('OK');
      const panel = info.data;
      expect(answers.age, topic).toBe(panel.age);
      if (panel.pregnancyWeek !== null) {
        expect(answers.pregnancy, topic).toEqual({ weeks: panel.pregnancyWeek, dueDate: panel.dueDate });
        expect(answers.cycle, topic).toBeNull();
        continue;
      }
      expect(answers.pregnancy, topic).toBeNull();
      expect(answers.cycle, topic).toMatchObject({
        averageLengthDays: Math.round(panel.cycleLengthDays!),
        shortestDays: panel.cycleLengthRange!.min,
        longestDays: panel.cycleLengthRange!.max,
        periodLengthDays: Math.round(panel.periodLengthDays!),
        lastPeriodStart: panel.lastMenstrualPeriod,
      });
    }
  });

  it('answers null for a booking whose questionnaire is not filled in yet', async () => {
    const ava = await read(amelia, byTopic('Results of the day 3 blood test').id);
    expect(ava.code).toBe('OK');
    expect(ava.data.questionnaire).toBeNull();
    expect(ava.data.appointment.topic).toBe('Results of the day 3 blood test');
  });

  it("is NOT_FOUND for another provider's appointment and for none", async () => {
    const id = byTopic('Follow-up on ovulation tracking').id;
    const bruno = await api.signInAs('bruno');
    const other = await read(bruno, id);
    expect(other.status).toBe(404);
    expect(other.code).toBe('NOT_FOUND');
    expect(JSON.stringify(other.data)).not.toContain('Polycystic');
    expect((await read(amelia, 99_999_999)).code).toBe('NOT_FOUND');
  });

  it('refuses a missing or malformed id and a missing session', async () => {
    expect((await api.call('GET', PATH, { token: amelia })).code).toBe('VALIDATION_ERROR');
    expect((await read(amelia, 'abc')).code).toBe('VALIDATION_ERROR');
    expect((await read(amelia, -3)).status).toBe(400);
    expect((await api.call('GET', `${PATH}?appointmentId=1`)).code).toBe('TOKEN_ERR_EMPTY');
  });

  it('records each answered questionnaire in the health-data access log, and nothing else', async () => {
    interface Entry {
      kind: string;
      member: string;
      resourceId: string | null;
      address: string | null;
    }
    const log = async () => {
      const answer = await adminCall<{ entries: Entry[] }>(
        stack.url,
        stack.adminSecret,
        'GET',
        `/access-log?subject=${encodeURIComponent(provider('amelia').email)}&limit=1000`,
      );
      expect(answer.code).toBe('OK');
      return answer.data.entries.filter((e) => e.kind === 'intake-questionnaire');
    };
    const id = byTopic('Short luteal phase before IVF').id;
    const before = (await log()).length;
    const answer = await api.call('GET', `${PATH}?appointmentId=${id}`, {
      token: amelia,
      from: '198.51.100.23',
    });
    expect(answer.code).toBe('OK');
    const after = await log();
    expect(after).toHaveLength(before + 1);
    expect(after.find((e) => e.resourceId === String(id) && e.address === '198.51.100.23')).toMatchObject({
      kind: 'intake-questionnaire',
    });
    // Not filled in, or not hers: nothing of a member's health data was answered.
    await read(amelia, byTopic('Results of the day 3 blood test').id);
    await read(await api.signInAs('bruno'), id);
    amelia = await api.signInAs('amelia');
    expect(await log()).toHaveLength(before + 1);
  });

  it("lets a new provider read her own booking's (empty) questionnaire", async () => {
    const p = await bookableProvider(api, stack, 'intake');
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    const booked = await book(stack, member('emma').email, p.email, soon, 'First cycle off the pill');
    expect(booked.code).toBe('OK');
    const answer = await read(p.token, booked.data.appointmentId);
    expect(answer.code).toBe('OK');
    expect(answer.data.questionnaire).toBeNull();
  });
});
