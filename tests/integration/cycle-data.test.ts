/**
 * The cycle-data calls (spec §7 "Content and cycle data", issue 12) against the real server and
 * the seeded cycle data: analysis, comparison, the daily chart whole and paged by cycle, and the
 * link calls whose PDF is served behind a link that expires. Access needs the report grant and a
 * report on, or a consultation with, the member; every answer is recorded in the access log.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member as memberPersona } from '../../fixtures';
import { type Statistic, statisticLine } from '../../src/shared/cycle';
import { daysBetween } from '../../src/shared/time/calendar';
import { formatLocalDate } from '../../src/shared/time/format';
import { localDateAt } from '../../src/shared/time/zoned';
import { seededAt } from '../support/admin-cli';
import { adminCall, apiClient } from '../support/api';
import { pdfLines } from '../support/pdf-text';
import { assignReport, book, bookableProvider } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);

interface Provider {
  token: string;
  email: string;
}

let granted: Provider;
let ungranted: Provider;
const memberIds: Record<string, number> = {};

async function grant(email: string) {
  const answer = await adminCall(stack.url, stack.adminSecret, 'POST', '/reports/access', {
    provider: email,
    action: 'grant',
  });
  expect(answer.code).toBe('OK');
}

async function bookWith(email: string, member: string) {
  const booked = await book(stack, memberPersona(member).email, email, 'next', 'Cycle review');
  expect(booked.code, booked.message).toBe('OK');
}

async function clients(token: string): Promise<Array<{ memberId: number; name: string }>> {
  const list = await api.call<{ list: Array<{ memberId: number; name: string }> }>(
    'GET',
    '/consultation/invite/doctor/client/list?pageSize=50',
    { token },
  );
  expect(list.code).toBe('OK');
  return list.data.list;
}

const get = <T>(path: string, token: string) => api.call<T>('GET', path, { token });

beforeAll(async () => {
  granted = await bookableProvider(api, stack, 'cycles');
  await grant(granted.email);
  await bookWith(granted.email, 'clara');
  await bookWith(granted.email, 'daniela');
  await bookWith(granted.email, 'bianca');
  for (const c of await clients(granted.token)) memberIds[c.name.split(' ')[0]!.toLowerCase()] = c.memberId;
  ungranted = await bookableProvider(api, stack, 'nogrant');
  await bookWith(ungranted.email, 'clara');
});

interface Cycle {
  number: number;
  complete: boolean;
  length: number;
  lhPeaks: unknown[];
  ovulation: { day: number | null; method: string };
  flags: string[];
}

describe('GET /core/cycle/report/doctor/get/analysis', () => {
  it("answers the latest complete cycle of a client, with its days, her cycles and her history's statistics", async () => {
    const answer = await get<{
      member: { memberId: number; name: string; timezone: string; today: string };
      pregnancy: unknown;
      cycle: Cycle;
      days: Array<{ date: string; temperature: number | null }>;
      cycles: Array<{ number: number; complete: boolean }>;
      statistics: { lutealLength: { n: number; mean: number } };
    }>(`/core/cycle/report/doctor/get/analysis?memberId=${memberIds.clara}`, granted.token);
    expect(answer.status).toBe(200);
    expect(answer.data.member).toMatchObject({ name: 'Clara Jensen', timezone: 'Europe/Copenhagen' });
    expect(answer.data.pregnancy).toBeNull();
    expect(answer.data.cycles.length).toBeGreaterThanOrEqual(7);
    const latestComplete = answer.data.cycles.filter((c) => c.complete).at(-1)!;
    expect(answer.data.cycle).toMatchObject({ number: latestComplete.number, complete: true });
    expect(answer.data.cycle.ovulation.method).toMatch(/LH_AND_TEMPERATURE|TEMPERATURE/);
    expect(answer.data.days).toHaveLength(answer.data.cycle.length);
    expect(answer.data.statistics.lutealLength.n).toBeGreaterThanOrEqual(6);

    const first = await get<{ cycle: Cycle }>(
      `/core/cycle/report/doctor/get/analysis?memberId=${memberIds.clara}&cycle=2`,
      granted.token,
    );
    expect(first.data.cycle).toMatchObject({ number: 2, lutealLength: 9, flags: ['SHORT_LUTEAL_PHASE'] });
  });

  it('answers a pregnant client with her pregnancy weeks', async () => {
    const answer = await get<{
      pregnancy: { weeks: number; days: number; trimester: number; dueDate: string };
    }>(`/core/cycle/report/doctor/get/analysis?memberId=${memberIds.bianca}`, granted.token);
    expect(answer.code).toBe('OK');
    // 12 weeks and 2 days on the seed's day (fixtures/cycles.json), and a day more for each of her
    // midnights since (docs/architecture.md §1 "Fixtures").
    const zone = memberPersona('bianca').timezone;
    const since = daysBetween(
      localDateAt(await seededAt('cycle-data', stack.dataDir), zone),
      localDateAt(Date.now(), zone),
    );
    const days = 12 * 7 + 2 + since;
    expect(answer.data.pregnancy).toMatchObject({
      weeks: Math.floor(days / 7),
      days: days % 7,
      trimester: 1,
    });
  });

  it('refuses bad parameters and unknown cycles clearly', async () => {
    const bad = await get(`/core/cycle/report/doctor/get/analysis?memberId=abc`, granted.token);
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_ERROR']);
    const missing = await get(`/core/cycle/report/doctor/get/analysis`, granted.token);
    expect(missing.code).toBe('VALIDATION_ERROR');
    const cycle = await get(
      `/core/cycle/report/doctor/get/analysis?memberId=${memberIds.clara}&cycle=99`,
      granted.token,
    );
    expect([cycle.status, cycle.code]).toEqual([404, 'NOT_FOUND']);
    const noToken = await api.call(
      'GET',
      `/core/cycle/report/doctor/get/analysis?memberId=${memberIds.clara}`,
    );
    expect(noToken.code).toBe('TOKEN_ERR_EMPTY');
  });
});

describe('access', () => {
  const PATHS = [
    '/core/cycle/report/doctor/get/analysis',
    '/core/cycle/report/doctor/get/comparison',
    '/core/cycle/report/doctor/get/analysis/link',
    '/core/cycle/report/doctor/get/comparison/link',
    '/core/cycle/pc/get/chart/all',
    '/core/cycle/pc/get/chart/page',
  ];

  it('is refused with MEMBER_EXPERT_REPORT_NO_ACCESS without the report grant, even with a consultation', async () => {
    for (const path of [...PATHS, '/core/cycle/expertReportContent/get/expert/link?reportId=1']) {
      const answer = await get(
        path.includes('?') ? path : `${path}?memberId=${memberIds.clara}`,
        ungranted.token,
      );
      expect([answer.status, answer.code], path).toEqual([403, 'MEMBER_EXPERT_REPORT_NO_ACCESS']);
    }
  });

  it('is refused with FORBIDDEN for a member without a report or consultation, and for unknown members', async () => {
    const open = await get<{ list: Array<{ memberId: number; memberName: string }> }>(
      '/user/member/expertReport/reportList?type=Open&pageSize=50',
      granted.token,
    );
    const emma = open.data.list.find((r) => r.memberName === 'Emma Laurent')!.memberId;
    for (const memberId of [emma, 999_999]) {
      for (const path of PATHS) {
        const answer = await get(`${path}?memberId=${memberId}`, granted.token);
        expect([answer.status, answer.code], `${path} ${memberId}`).toEqual([403, 'FORBIDDEN']);
      }
    }
  });
});

describe('GET /core/cycle/report/doctor/get/comparison', () => {
  it("lines up Daniela's latest cycles (PCOS: long, several LH peaks), the running one included, with phase statistics", async () => {
    const answer = await get<{
      cycles: Array<{ cycle: Cycle; days: unknown[] }>;
      statistics: { follicularLength: { n: number; mean: number; sd: number } };
      historyFlags: string[];
    }>(`/core/cycle/report/doctor/get/comparison?memberId=${memberIds.daniela}&count=6`, granted.token);
    expect(answer.code).toBe('OK');
    expect(answer.data.cycles).toHaveLength(6);
    const running = answer.data.cycles.at(-1)!;
    expect(running.cycle).toMatchObject({ number: 7, complete: false });
    for (const { cycle, days } of answer.data.cycles) {
      if (cycle.complete) {
        expect(cycle.length).toBeGreaterThan(35);
        expect(cycle.lhPeaks.length).toBeGreaterThan(1);
      }
      expect(days).toHaveLength(cycle.length);
    }
    expect(answer.data.historyFlags).toEqual(['IRREGULAR_CYCLES']);
    // Cycles 3, 4 and 6 by LH and temperature, and the running cycle's LH surge.
    expect(answer.data.statistics.follicularLength).toMatchObject({ n: 4 });
    expect(answer.data.statistics.follicularLength.sd).toBeGreaterThan(5);

    const one = await get<{ cycles: Array<{ cycle: Cycle }> }>(
      `/core/cycle/report/doctor/get/comparison?memberId=${memberIds.daniela}&count=1`,
      granted.token,
    );
    expect(one.data.cycles.map((c) => c.cycle.number)).toEqual([7]);
    const three = await get<{ cycles: unknown[] }>(
      `/core/cycle/report/doctor/get/comparison?memberId=${memberIds.daniela}&count=3`,
      granted.token,
    );
    expect(three.data.cycles).toHaveLength(3);
    const tooMany = await get(
      `/core/cycle/report/doctor/get/comparison?memberId=${memberIds.daniela}&count=13`,
      granted.token,
    );
    expect(tooMany.code).toBe('VALIDATION_ERROR');
  });
});

describe('the daily chart', () => {
  it('answers every day with every cycle (chart/all)', async () => {
    const answer = await get<{ days: Array<{ date: string }>; cycles: Cycle[]; member: { today: string } }>(
      `/core/cycle/pc/get/chart/all?memberId=${memberIds.clara}`,
      granted.token,
    );
    expect(answer.code).toBe('OK');
    // Her records end on the seed's day in her zone, which is her today unless a midnight passed since.
    const seeded = localDateAt(await seededAt('cycle-data', stack.dataDir), memberPersona('clara').timezone);
    expect(answer.data.days.at(-1)!.date).toBe(seeded);
    expect(answer.data.member.today >= seeded).toBe(true);
    expect(answer.data.cycles.at(-1)!.complete).toBe(false);
    const sum = answer.data.cycles.reduce((s, c) => s + c.length, 0);
    expect(sum).toBe(answer.data.days.length);
  });

  it('pages by cycle, newest first (chart/page)', async () => {
    const page = (n: number, size: number) =>
      get<{ total: number; page: number; pageSize: number; list: Array<{ cycle: Cycle }> }>(
        `/core/cycle/pc/get/chart/page?memberId=${memberIds.clara}&page=${n}&pageSize=${size}`,
        granted.token,
      );
    const first = await page(1, 1);
    expect(first.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(first.data.list).toHaveLength(1);
    expect(first.data.list[0]!.cycle).toMatchObject({ number: first.data.total, complete: false });
    const second = await page(2, 3);
    expect(second.data.list.map((c) => c.cycle.number)).toEqual([
      first.data.total - 3,
      first.data.total - 4,
      first.data.total - 5,
    ]);
    const past = await page(99, 6);
    expect(past.data.list).toEqual([]);
    const bad = await page(1, 7);
    expect(bad.code).toBe('VALIDATION_ERROR');
  });
});

describe('link calls', () => {
  async function download(url: string) {
    const response = await fetch(`${stack.url}${url}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  it('generate a PDF of the analysis and of the comparison behind a link that expires', async () => {
    for (const path of ['analysis/link', 'comparison/link']) {
      const answer = await get<{ url: string; expiresAt: string; fileName: string; size: number }>(
        `/core/cycle/report/doctor/get/${path}?memberId=${memberIds.daniela}`,
        granted.token,
      );
      expect(answer.code, answer.message).toBe('OK');
      expect(answer.data.url).toMatch(/^\/api\/core\/cycle\/file\/[A-Za-z0-9_-]{43}$/);
      const ttl = Date.parse(answer.data.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(10 * 60_000);
      expect(ttl).toBeLessThanOrEqual(15 * 60_000);
      expect(answer.data.fileName).toMatch(/daniela-moreno-\d{4}-\d{2}-\d{2}\.pdf$/);
      const file = await download(answer.data.url);
      expect(file.status).toBe(200);
      expect(file.type).toBe('application/pdf');
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.bytes.length).toBe(answer.data.size);
    }
  });

  it('answer an unknown or malformed link with NOT_FOUND in the envelope', async () => {
    for (const token of ['x'.repeat(43), 'short', '..%2F..%2Fsecrets.json']) {
      const response = await fetch(`${stack.url}/api/core/cycle/file/${token}`);
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('NOT_FOUND');
    }
  });

  it("generate an expert report's PDF for its holder only", async () => {
    const assigned = await assignReport(stack, memberPersona('daniela').email, granted.email, {
      title: 'PCOS cycle review',
    });
    expect(assigned.code, assigned.message).toBe('OK');
    const reportId = assigned.data.reportId;
    const claimed = await api.call('POST', `/user/member/expertReport/claim?reportId=${reportId}`, {
      token: granted.token,
    });
    expect(claimed.code, claimed.message).toBe('OK');
    const answer = await get<{ url: string }>(
      `/core/cycle/expertReportContent/get/expert/link?reportId=${reportId}`,
      granted.token,
    );
    expect(answer.code, answer.message).toBe('OK');
    const file = await download(answer.data.url);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Issue 26: her running cycle is in it, prepared by the provider who holds the report.
    const lines = pdfLines(file.bytes);
    expect(lines[0]).toBe('PCOS cycle review: Daniela Moreno');
    expect(lines[2]).toMatch(/^prepared by .+ · generated /);
    expect(lines.join(' ')).toMatch(/Cycle 7 \([^)]+, running\): 20 days so far; ovulation: /);

    const other = await bookableProvider(api, stack, 'otherrep');
    await grant(other.email);
    const refused = await get(
      `/core/cycle/expertReportContent/get/expert/link?reportId=${reportId}`,
      other.token,
    );
    expect([refused.status, refused.code]).toEqual([404, 'NOT_FOUND']);
    const invalid = await get(`/core/cycle/expertReportContent/get/expert/link?reportId=0`, granted.token);
    expect(invalid.code).toBe('VALIDATION_ERROR');
  });
});

describe('the PDFs and the calls tell the same figures (issue 26)', () => {
  interface Figures {
    statistics: Record<
      'cycleLength' | 'periodLength' | 'ovulationDay' | 'follicularLength' | 'lutealLength',
      Statistic
    >;
  }
  const pdfOf = async (path: string, headers: Record<string, string> = {}) => {
    const link = await api.call<{ url: string }>('GET', path, { token: granted.token, headers });
    expect(link.code, link.message).toBe('OK');
    const response = await fetch(`${stack.url}${link.data.url}`);
    return pdfLines(Buffer.from(await response.arrayBuffer()));
  };
  const rows = (language: 'en' | 'de', s: Figures['statistics']) => {
    const line = (x: Statistic) => statisticLine(x, language);
    const cycles = (n: number) =>
      language === 'en' ? (n === 1 ? 'cycle' : 'cycles') : n === 1 ? 'Zyklus' : 'Zyklen';
    const days = language === 'en' ? 'days' : 'Tage';
    const label =
      language === 'en'
        ? {
            c: 'Cycle length',
            p: 'Period length',
            o: 'Ovulation (cycle day)',
            f: 'Follicular phase',
            l: 'Luteal phase',
          }
        : {
            c: 'Zykluslänge',
            p: 'Periodenlänge',
            o: 'Eisprung (Zyklustag)',
            f: 'Follikelphase',
            l: 'Lutealphase',
          };
    return [
      `${label.c} ${line(s.cycleLength)} ${days}, ${s.cycleLength.n} ${cycles(s.cycleLength.n)}`,
      `${label.p} ${line(s.periodLength)} ${days}, ${s.periodLength.n} ${cycles(s.periodLength.n)}`,
      `${label.o} ${line(s.ovulationDay)}, ${s.ovulationDay.n} ${cycles(s.ovulationDay.n)}`,
      `${label.f} ${line(s.follicularLength)} ${days}, ${s.follicularLength.n} ${cycles(s.follicularLength.n)}`,
      `${label.l} ${line(s.lutealLength)} ${days}, ${s.lutealLength.n} ${cycles(s.lutealLength.n)}`,
    ];
  };

  it('the comparison PDF: her whole history as chart/all counts it, the cycles compared as comparison does, the running one included', async () => {
    const all = await get<Figures & { cycles: Cycle[] }>(
      `/core/cycle/pc/get/chart/all?memberId=${memberIds.clara}`,
      granted.token,
    );
    const compared = await get<Figures & { cycles: Array<{ cycle: Cycle & { startDate: string } }> }>(
      `/core/cycle/report/doctor/get/comparison?memberId=${memberIds.clara}&count=3`,
      granted.token,
    );
    const lines = await pdfOf(
      `/core/cycle/report/doctor/get/comparison/link?memberId=${memberIds.clara}&count=3`,
    );
    const at = (heading: string) => lines.indexOf(heading);
    expect(at(`Across all ${all.data.cycles.length} cycles on record`)).toBeGreaterThan(0);
    expect(lines.slice(at(`Across all ${all.data.cycles.length} cycles on record`) + 1).slice(0, 5)).toEqual(
      rows('en', all.data.statistics),
    );
    expect(lines.slice(at('Across these 3 cycles') + 1).slice(0, 5)).toEqual(
      rows('en', compared.data.statistics),
    );
    const running = compared.data.cycles.at(-1)!.cycle;
    expect(running.complete).toBe(false);
    expect(lines.join(' ')).toContain(
      `Cycle ${running.number} (${formatLocalDate(running.startDate, 'en')}, running): ${running.length} days so far; `,
    );
  });

  it("is written in the portal's language and the provider's time zone: no English, no UTC, no ISO dates", async () => {
    const all = await get<Figures & { cycles: Cycle[] }>(
      `/core/cycle/pc/get/chart/all?memberId=${memberIds.clara}`,
      granted.token,
    );
    // Made now, in the provider's saved time zone (docs/architecture.md §3 "Her time zone"): she
    // saves Europe/Berlin in her settings (her schedule's zone was one of daytime, possibly UTC).
    const saved = await api.call('POST', '/user/user/doctor/updateDoctorInfo', {
      token: granted.token,
      form: { timezone: 'Europe/Berlin' },
    });
    expect(saved.code).toBe('OK');
    const times = [Date.now()];
    const lines = await pdfOf(
      `/core/cycle/report/doctor/get/comparison/link?memberId=${memberIds.clara}&count=6`,
      { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' },
    );
    times.push(Date.now());
    const local = (t: number) =>
      new Intl.DateTimeFormat('de', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin',
      }).format(t);
    expect(lines[0]).toMatch(/^Zyklusvergleich: Clara /);
    expect(lines[1]).toMatch(/^Clara .+ · Daten ihres Kalenders \(Europe\/Copenhagen\)$/);
    expect(lines[2]).toMatch(/^erstellt für .+ · am /);
    expect(times.map(local)).toContain(/ · am (.+) \S+$/.exec(lines[2]!)![1]!);
    const text = lines.join('\n');
    expect(text).not.toMatch(/\bUTC\b|\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/\b(Cycle|cycles|days|Across|Period|Luteal|running|none)\b/);
    const start = lines.indexOf(`Über alle ${all.data.cycles.length} erfassten Zyklen`);
    expect(lines.slice(start + 1, start + 6)).toEqual(rows('de', all.data.statistics));
  });
});

describe('the access log', () => {
  interface Entry {
    kind: string;
    member: string;
    resourceId: string | null;
    address: string | null;
  }
  const log = async (subject: string) => {
    const answer = await adminCall<{ entries: Entry[] }>(
      stack.url,
      stack.adminSecret,
      'GET',
      `/access-log?subject=${encodeURIComponent(subject)}&limit=1000`,
    );
    expect(answer.code).toBe('OK');
    return answer.data.entries;
  };

  it('records every answered read with who, whose, what and from where; refused reads record nothing', async () => {
    const from = '203.0.113.7';
    const calls: Array<[string, string]> = [
      [`/core/cycle/report/doctor/get/analysis?memberId=${memberIds.bianca}&cycle=1`, 'cycle-analysis'],
      [`/core/cycle/report/doctor/get/comparison?memberId=${memberIds.bianca}&count=3`, 'cycle-comparison'],
      [`/core/cycle/pc/get/chart/all?memberId=${memberIds.bianca}`, 'daily-chart'],
      [`/core/cycle/pc/get/chart/page?memberId=${memberIds.bianca}&page=2`, 'daily-chart'],
      [`/core/cycle/report/doctor/get/analysis/link?memberId=${memberIds.bianca}`, 'file-link'],
    ];
    for (const [path, kind] of calls) {
      const before = (await log(granted.email)).length;
      const answer = await api.call<{ url?: string }>('GET', path, { token: granted.token, from });
      expect(answer.code, path).toBe('OK');
      const entries = await log(granted.email);
      expect(entries.length, path).toBe(before + 1);
      expect(entries[0], path).toMatchObject({ kind, member: 'Bianca Silva', address: from });
      if (answer.data.url) {
        await fetch(`${stack.url}${answer.data.url}`, { headers: { 'X-Forwarded-For': from } });
        expect((await log(granted.email))[0]).toMatchObject({
          kind: 'file-link',
          resourceId: expect.stringMatching(/^download:\d+$/),
        });
      }
    }
    expect((await log(granted.email)).find((e) => e.resourceId === 'cycles:5-7')).toBeDefined();
    const refused = await log(ungranted.email);
    expect(refused.filter((e) => e.kind !== 'chat-history')).toEqual([]);
  });
});
