/**
 * The expert report reads (spec §7 "Expert reports", §2/§8 report access, issue 12): without the
 * grant every call answers MEMBER_EXPERT_REPORT_NO_ACCESS; lists by type with the spec's page
 * sizes and search by member; the catalogues; the member's profile and earlier reports only
 * through a report she holds or a consultation; every read of a member's data in the access log.
 */
import { describe, expect, inject, it } from 'vitest';
import { runAdmin } from '../support/admin-cli';
import { catalogueTranslations, member, personas, provider, reportFixtures } from '../../fixtures';
import { EXPERT_REPORT_ENDPOINTS } from '../../src/shared/api/expert-reports';
import { adminCall, apiClient } from '../support/api';
import { qbClient } from '../support/qb';
import { grantedProvider, move, REPORT_BASE, reportGet, requestReport } from '../support/reports';
import { approvedProvider } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);

interface Page {
  total: number;
  page: number;
  pageSize: number;
  list: Array<{ reportId: number; memberName: string; status: string; mine: boolean; memberId: number }>;
}

const admin = (args: string[]) => runAdmin(args, stack.dataDir);

async function memberId(token: string, name: string): Promise<number> {
  const open = await reportGet<Page>(api, token, 'reportList', { type: 'Open', pageSize: 100 });
  const mine = await reportGet<Page>(api, token, 'reportList', { type: 'MyTask', pageSize: 100 });
  const done = await reportGet<Page>(api, token, 'reportList', { type: 'Completed', pageSize: 100 });
  return [...open.data.list, ...mine.data.list, ...done.data.list].find((r) => r.memberName === name)!
    .memberId;
}

describe('report access', () => {
  it('refuses every report call without the grant, for the personas without it and a fresh approved provider', async () => {
    const fresh = await approvedProvider(api, stack, 'nogrant');
    const tokens = [
      ...(await Promise.all(
        personas.providers.filter((p) => p.key !== 'amelia').map((p) => api.signInAs(p.key)),
      )),
      fresh.token,
    ];
    for (const token of tokens) {
      for (const e of EXPERT_REPORT_ENDPOINTS) {
        const query = `reportId=1&userId=1&type=MyTask&page=1&pageSize=${e.id === 'getReportList' ? 1 : 10}`;
        const answer = await api.call(e.method, `${e.path}?${query}`, {
          token,
          ...(e.method === 'POST' ? { json: { reportId: 1 } } : {}),
        });
        expect([e.id, answer.status, answer.code]).toEqual([e.id, 403, 'MEMBER_EXPERT_REPORT_NO_ACCESS']);
      }
    }
  });

  it('follows grant and revoke, and the check the portal makes (MyTask, page 1, size 1)', async () => {
    const p = await grantedProvider(api, stack, 'revoked');
    const check = () => reportGet(api, p.token, 'reportList', { type: 'MyTask', page: 1, pageSize: 1 });
    expect((await check()).code).toBe('OK');
    const id = await requestReport(stack, member('emma').email);
    await move(api, p.token, 'claim', id);
    const revoked = await adminCall<{ releasedReportIds: number[] }>(
      stack.url,
      stack.adminSecret,
      'POST',
      '/reports/access',
      { provider: p.email, action: 'revoke' },
    );
    expect(revoked.data.releasedReportIds).toEqual([id]);
    expect((await check()).code).toBe('MEMBER_EXPERT_REPORT_NO_ACCESS');
    // Her claimed report went back to the pool, where another provider claims it.
    const other = await grantedProvider(api, stack, 'afterrevoke');
    expect((await move(api, other.token, 'claim', id)).code).toBe('OK');
    const noToken = await api.call('GET', '/user/member/expertReport/reportList');
    expect(noToken.code).toBe('TOKEN_ERR_EMPTY');
  });
});

describe('reportList', () => {
  it("shows Dr. Amelia's seeded reports by type, pages with the spec's sizes and searches by member", async () => {
    const token = await api.signInAs('amelia');
    const myTask = await reportGet<Page>(api, token, 'reportList', { type: 'MyTask', page: 1, pageSize: 1 });
    expect(myTask.data).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(myTask.data.list[0]).toMatchObject({
      memberName: 'Daniela Moreno',
      status: 'CLAIMED',
      mine: true,
    });
    const open = await reportGet<Page>(api, token, 'reportList', { type: 'Open', pageSize: 100 });
    const openNames = open.data.list.map((r) => r.memberName);
    expect(openNames).toEqual(
      expect.arrayContaining(['Clara Jensen', 'Bianca Silva', 'Emma Laurent', 'Fatima Haddad']),
    );
    expect(open.data.list.find((r) => r.memberName === 'Clara Jensen')).toMatchObject({
      status: 'ASSIGNED',
      mine: true,
    });
    const completed = await reportGet<Page>(api, token, 'reportList', { type: 'Completed' });
    expect(completed.data.list.map((r) => r.memberName)).toEqual(['Ava Thompson']);

    const search = await reportGet<Page>(api, token, 'reportList', {
      type: 'Open',
      keyword: 'jens',
      pageSize: 100,
    });
    // Only her reports (another file of the shared stack may have requested one more for her).
    expect(new Set(search.data.list.map((r) => r.memberName))).toEqual(new Set(['Clara Jensen']));
    const page2 = await reportGet<Page>(api, token, 'reportList', { type: 'Open', page: 2, pageSize: 10 });
    expect(page2.data.total).toBe(open.data.total);
    expect(page2.data.list.length).toBe(Math.max(0, Math.min(10, open.data.total - 10)));

    for (const bad of [{ pageSize: 15 }, { type: 'Everything' }, { page: 0 }] as Array<
      Record<string, string | number>
    >) {
      const answer = await reportGet(api, token, 'reportList', bad);
      expect([answer.status, answer.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
});

describe('catalogues', () => {
  it('lists categories, to-do items (by category) and lifestyle advice (by area)', async () => {
    const token = await api.signInAs('amelia');
    const categories = await reportGet<Array<{ code: string }>>(api, token, 'getCategoryList');
    expect(categories.data.map((c) => c.code)).toContain('MULTIPLE_LH_PEAKS');
    const all = await reportGet<Array<{ categoryId: number | null }>>(api, token, 'getToDoList');
    const lh = await reportGet<Array<{ categoryId: number | null }>>(api, token, 'getToDoList', {
      categoryId: 5,
    });
    expect(all.data.length).toBeGreaterThan(lh.data.length);
    expect(lh.data.every((t) => t.categoryId === 5)).toBe(true);
    const sleep = await reportGet<Array<{ area: string }>>(api, token, 'getLifestyleList', { area: 'SLEEP' });
    expect(sleep.data.length).toBeGreaterThan(0);
    expect(sleep.data.every((l) => l.area === 'SLEEP')).toBe(true);
    expect((await reportGet(api, token, 'getLifestyleList', { area: 'HOROSCOPE' })).code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await reportGet(api, token, 'getToDoList', { categoryId: 'x' })).code).toBe('VALIDATION_ERROR');
  });

  it('answers the catalogues and a report’s chosen items in the portal’s language (issue 26)', async () => {
    const token = await api.signInAs('amelia');
    const get = <T>(path: string, language: string) =>
      api.call<T>('GET', `${REPORT_BASE}/${path}`, { token, headers: { 'Accept-Language': language } });
    const fr = (id: number, table: 'categories' | 'toDos' | 'lifestyle') =>
      (catalogueTranslations[table] as Record<string, Record<string, Record<string, string>>>)[String(id)]!
        .fr!;

    const categories = await get<Array<{ id: number; name: string; description: string }>>(
      'getCategoryList',
      'fr-FR,fr;q=0.9,en;q=0.5',
    );
    expect(categories.data).toHaveLength(reportFixtures.categories.length);
    for (const c of categories.data) {
      expect([c.name, c.description]).toEqual([
        fr(c.id, 'categories').name,
        fr(c.id, 'categories').description,
      ]);
    }
    const toDos = await get<Array<{ id: number; text: string }>>('getToDoList', 'fr');
    expect(toDos.data.map((t) => t.text)).toEqual(toDos.data.map((t) => fr(t.id, 'toDos').text));
    const lifestyle = await get<Array<{ id: number; text: string }>>('getLifestyleList', 'fr');
    expect(lifestyle.data.map((l) => l.text)).toEqual(lifestyle.data.map((l) => fr(l.id, 'lifestyle').text));

    // A language the portal does not speak reads the catalogue's own English.
    const english = await get<Array<{ id: number; name: string }>>('getCategoryList', 'pt-BR');
    expect(english.data.map((c) => c.name)).toEqual(
      english.data.map((c) => reportFixtures.categories.find((f) => f.id === c.id)!.name),
    );

    // The report's chosen findings, steps and tags too; her own summary stays as she wrote it.
    const ava = await memberId(token, 'Ava Thompson');
    const earlier = await reportGet<Page>(api, token, 'getReportsByUserId', { userId: ava });
    const detail = await get<{
      content: { summary: string };
      categories: Array<{ id: number; name: string }>;
      tags: Array<{ id: number; name: string }>;
    }>(`getByExpertReportId?reportId=${earlier.data.list[0]!.reportId}`, 'fr');
    expect(detail.data.categories.length).toBeGreaterThan(0);
    expect(detail.data.categories.map((c) => c.name)).toEqual(
      detail.data.categories.map((c) => fr(c.id, 'categories').name),
    );
    const tagsFr = catalogueTranslations.memberTags as Record<string, Record<string, { name: string }>>;
    expect(detail.data.tags.map((t) => t.name)).toEqual(
      detail.data.tags.map((t) => tagsFr[String(t.id)]!.fr!.name),
    );
    expect(detail.data.content.summary).toContain('27 to 42 days');
  });
});

describe("the member's data", () => {
  it('answers getUserInfo through a claimed report or a consultation, its cycle figures those of her charts', async () => {
    const token = await api.signInAs('amelia');
    const daniela = await memberId(token, 'Daniela Moreno');
    const info = await reportGet<Record<string, unknown>>(api, token, 'getUserInfo', { userId: daniela });
    expect(info.code).toBe('OK');
    expect(info.data).toMatchObject({
      name: 'Daniela Moreno',
      goal: 'TRYING_TO_CONCEIVE',
      conditions: ['PCOS'],
      pregnancyWeek: null,
    });
    // Issue 26: her usual cycle, period and last period are her records', as the charts count them.
    const charts = await api.call<{
      statistics: Record<
        'cycleLength' | 'periodLength',
        { n: number; mean: number; min: number; max: number }
      >;
      cycles: Array<{ startDate: string }>;
    }>('GET', `/core/cycle/pc/get/chart/all?memberId=${daniela}`, { token });
    const { cycleLength, periodLength } = charts.data.statistics;
    expect(info.data).toMatchObject({
      cycleLengthDays: cycleLength.mean,
      cycleLengthRange: { min: cycleLength.min, max: cycleLength.max },
      periodLengthDays: periodLength.mean,
      recordedCycles: cycleLength.n,
      lastMenstrualPeriod: charts.data.cycles.at(-1)!.startDate,
    });
    expect(cycleLength.max).toBeGreaterThan(45);
    const born = new Date(`${member('daniela').health.birthDate}T00:00:00Z`);
    const now = new Date();
    const hadBirthday =
      now.getUTCMonth() > born.getUTCMonth() ||
      (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() >= born.getUTCDate());
    expect(info.data.age).toBe(now.getUTCFullYear() - born.getUTCFullYear() - (hadBirthday ? 0 : 1));
    // Bianca: no report Dr. Amelia holds, but consultations with her; dated as her charts date it.
    const bianca = await memberId(token, 'Bianca Silva');
    const pregnant = await reportGet<Record<string, unknown>>(api, token, 'getUserInfo', { userId: bianca });
    const chart = await api.call<{ pregnancy: { lmpDate: string; dueDate: string; weeks: number } }>(
      'GET',
      `/core/cycle/pc/get/chart/all?memberId=${bianca}`,
      { token },
    );
    expect(pregnant.data).toMatchObject({
      goal: 'PREGNANT',
      pregnancyWeek: 12,
      lastMenstrualPeriod: chart.data.pregnancy.lmpDate,
      dueDate: chart.data.pregnancy.dueDate,
    });
  });

  it('refuses a member she has no report on nor consultation with', async () => {
    const p = await grantedProvider(api, stack, 'stranger');
    const emmaId = await memberId(p.token, 'Emma Laurent');
    const refused = await reportGet(api, p.token, 'getUserInfo', { userId: emmaId });
    expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);
    expect((await reportGet(api, p.token, 'getReportsByUserId', { userId: emmaId })).code).toBe('FORBIDDEN');
    expect((await reportGet(api, p.token, 'getUserInfo', { userId: 'abc' })).code).toBe('VALIDATION_ERROR');
  });

  it("lists the member's earlier reports and opens them; another provider's claimed report stays closed", async () => {
    const token = await api.signInAs('amelia');
    const ava = await memberId(token, 'Ava Thompson');
    const earlier = await reportGet<Page>(api, token, 'getReportsByUserId', { userId: ava });
    expect(earlier.data.list.map((r) => r.status)).toEqual(['COMPLETED']);
    const detail = await reportGet<{
      content: { summary: string; categoryIds: number[] };
      categories: unknown[];
      blogs: unknown[];
    }>(api, token, 'getByExpertReportId', { reportId: earlier.data.list[0]!.reportId });
    expect(detail.data.content.summary).toContain('27 to 42 days');
    expect(detail.data.categories.length).toBe(detail.data.content.categoryIds.length);
    expect(detail.data.blogs.length).toBe(1);

    const other = await grantedProvider(api, stack, 'holder');
    const id = await requestReport(stack, member('daniela').email);
    await move(api, other.token, 'claim', id);
    const closed = await reportGet(api, token, 'getByExpertReportId', { reportId: id });
    expect([closed.status, closed.code]).toEqual([403, 'EXPERT_REPORT_NOT_YOURS']);
    expect((await reportGet(api, token, 'getByExpertReportId', { reportId: 999999 })).code).toBe('NOT_FOUND');
  });
});

describe('the health-data access log', () => {
  it('records every read of a member’s data, listed by member and by provider', async () => {
    const p = await grantedProvider(api, stack, 'audited');
    const id = await requestReport(stack, member('clara').email);
    await move(api, p.token, 'claim', id);
    const claraId = await memberId(p.token, 'Clara Jensen');
    // Reading the report lists logged a row for each member in them (the open pool is shared).
    const rows = async () => {
      const lines = (await admin(['access-log', p.email])).stdout.trim().split('\n');
      return { lines, count: Number(/^Health-data accesses by .+: (\d+)$/.exec(lines[0]!)?.[1]) };
    };
    const listed = (await rows()).count;
    expect(listed).toBeGreaterThanOrEqual(1);
    await reportGet(api, p.token, 'getByExpertReportId', { reportId: id });
    await reportGet(api, p.token, 'getUserInfo', { userId: claraId });
    await reportGet(api, p.token, 'getReportsByUserId', { userId: claraId });

    const { lines, count } = await rows();
    expect(count).toBe(listed + 3);
    // Issue 26: a table with a header and no empty column; listed by provider, no provider column.
    const header = lines[1]!.split(/\s{2,}/);
    expect(header).toEqual(['When (UTC)', 'Member', 'Data', 'Item', 'From']);
    const table = lines.slice(2).map((line) => line.split(/\s{2,}/));
    expect(table).toHaveLength(count);
    for (const cells of table) {
      expect(cells).toHaveLength(header.length);
      for (const cell of cells) expect(cell.trim()).not.toBe('');
    }
    for (let c = 0; c < header.length; c++) expect(table.some((cells) => cells[c] !== '-')).toBe(true);
    expect(table[0]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'Clara Jensen (200003)',
      'report',
      expect.stringMatching(/^earlier:/),
      '127.0.0.1',
    ]);
    expect(table[1]!.slice(1, 3)).toEqual(['Clara Jensen (200003)', 'member-info']);
    expect(table[2]!.slice(2, 4)).toEqual(['report', String(id)]);

    const byMember = await admin(['access-log', 'clara', '--since', '10m']);
    expect(byMember.stdout).toContain('to the data of Clara Jensen since');
    expect(byMember.stdout).toContain(p.email);
    const future = await admin([
      'access-log',
      'clara',
      '--since',
      new Date(Date.now() + 60_000).toISOString(),
    ]);
    expect(future.stdout).toContain(': 0');
    await expect(admin(['access-log', 'clara', '--since', 'yesterday-ish'])).rejects.toMatchObject({
      code: 2,
    });
    await expect(admin(['access-log', 'nobody@example.org'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('NOT_FOUND'),
    });
    expect((await admin(['access-log', String(member('clara').chatId)])).stdout).toContain('Clara Jensen');
    expect((await admin(['access-log', 'amelia'])).stdout).toContain(
      `by ${provider('amelia').name.replace('Dr. ', '')}`,
    );
  });

  it('offers no way to change the log through the admin API', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const response = await fetch(`${stack.url}/internal/admin/access-log`, {
        method,
        headers: { 'X-Admin-Secret': stack.adminSecret },
      });
      // Only GET exists: every writing method is refused as not allowed.
      expect(response.status).toBe(405);
    }
  });
});

describe('chat history reads', () => {
  it('a provider paging a dialog with a member is recorded as chat-history; the member herself is not', async () => {
    const qb = qbClient(stack.url);
    const { token } = await qb.providerSession('amelia');
    const dialogs = await qb.call('GET', '/chat/Dialog.json', { token, form: { type: 3, limit: 100 } });
    const avaChat = member('ava').chatId;
    const dialog = (dialogs.body.items as Array<{ _id: string; occupants_ids: number[] }>).find((d) =>
      d.occupants_ids.includes(avaChat),
    )!;
    const since = new Date().toISOString();
    const history = await qb.call('GET', '/chat/Message.json', {
      token,
      form: { chat_dialog_id: dialog._id, mark_as_read: 0 },
    });
    expect(history.body.items.length).toBeGreaterThan(0);
    const avaToken = await qb.memberSession('ava');
    await qb.call('GET', '/chat/Message.json', { token: avaToken, form: { chat_dialog_id: dialog._id } });
    const log = await admin(['access-log', 'ava', '--since', since]);
    expect(log.stdout).toContain(': 1');
    expect(log.stdout).toMatch(new RegExp(`<${provider('amelia').email}>\\s+chat-history\\s+${dialog._id}`));
  });
});

describe('OpenAPI', () => {
  it('documents every expert report call', async () => {
    const doc = (await (await fetch(`${stack.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const e of EXPERT_REPORT_ENDPOINTS) {
      expect(doc.paths[`/api${e.path}`]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
    }
  });
});
