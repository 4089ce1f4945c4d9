/**
 * Issue 15, tenancy matrix of the own API (docs/security.md "Security suites"): for every kind of
 * resource a provider owns, the owner (Dr. Amelia Hart, fixtures/personas.json) reaches it and
 * another provider is refused — one who is approved and holds report access, so that only the
 * ownership can refuse her — by direct id and through indirect paths (a document id inside a
 * profile submission, a member id behind cycle data and reports). Each row also proves the
 * owner's resource is unchanged and nothing of it leaked into the refusal. The expert report rows
 * use a report assigned to a fresh provider with report access, so Dr. Amelia's seeded reports stay
 * as the seed made them for the files that count them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { apiClient, type Answer } from '../support/api';
import { grantedProvider, REPORT_BASE } from '../support/reports';
import { assignReport, profileForm, uploadCertificate, verifyEmail } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack.url);
let owner = '';
let intruder = '';
let reportOwner = '';
const ids = { appointment: 0, member: 0, memberName: '', slot: 0, notification: 0, document: 0, report: 0 };

type Row = {
  resource: string;
  via: string;
  /** The owner's own call: must be OK, so the id is real. */
  own: () => Promise<Answer>;
  /** The other provider's call: must be refused. */
  other: () => Promise<Answer>;
};

const get = (token: string, path: string) => api.call('GET', path, { token });
const REFUSED = ['FORBIDDEN', 'NOT_FOUND', 'EXPERT_REPORT_NOT_YOURS', 'MEMBER_EXPERT_REPORT_NO_ACCESS'];

beforeAll(async () => {
  owner = await api.signInAs('amelia');
  intruder = (await grantedProvider(api, stack, 'tenancy-intruder')).token;
  const orders = await get(owner, '/consultation/invite/doctor/order/list?page=1&pageSize=10');
  const order = (orders.data as { list: Array<{ id: number; memberId: number; memberName: string }> })
    .list[0]!;
  ids.appointment = order.id;
  ids.member = order.memberId;
  ids.memberName = order.memberName;
  const schedule = await get(owner, '/consultation/schedule/new/get');
  ids.slot = (schedule.data as { weekly: Array<{ id: number }> }).weekly[0]!.id;
  const notes = await get(owner, '/message/message/v2/listMessages?pageNum=1&pageSize=5');
  ids.notification = (notes.data as { records: Array<{ id: number }> }).records[0]!.id;
  ids.document = await uploadCertificate(api, owner, 'amelia-licence.pdf');
  const reportProvider = await grantedProvider(api, stack, 'tenancy-report-owner');
  reportOwner = reportProvider.token;
  const assigned = await assignReport(stack, member('ava').email, reportProvider.email, {
    title: 'Tenancy matrix',
  });
  if (assigned.code !== 'OK') throw new Error(`assign: ${assigned.code} ${assigned.message}`);
  ids.report = assigned.data.reportId;
});

const ROWS: Row[] = [
  {
    resource: 'appointment',
    via: 'detail by id',
    own: () => get(owner, `/consultation/invite/doctor/order/detail?id=${ids.appointment}`),
    other: () => get(intruder, `/consultation/invite/doctor/order/detail?id=${ids.appointment}`),
  },
  {
    resource: 'appointment',
    via: 'intake questionnaire by appointment id',
    own: () => get(owner, `/consultation/invite/doctor/order/questionnaire?appointmentId=${ids.appointment}`),
    other: () =>
      get(intruder, `/consultation/invite/doctor/order/questionnaire?appointmentId=${ids.appointment}`),
  },
  {
    resource: 'appointment',
    via: 'cancel by id',
    own: () => get(owner, `/consultation/invite/doctor/order/detail?id=${ids.appointment}`),
    other: () =>
      api.call('POST', '/consultation/invite/doctor/consultation/cancel', {
        token: intruder,
        form: { id: ids.appointment, reason: 'Not my appointment' },
      }),
  },
  {
    resource: 'client',
    via: 'cycle analysis by member id',
    own: () => get(owner, `/core/cycle/pc/get/chart/all?memberId=${ids.member}`),
    other: () => get(intruder, `/core/cycle/pc/get/chart/all?memberId=${ids.member}`),
  },
  {
    resource: 'client',
    via: 'cycle PDF link by member id',
    own: () => get(owner, `/core/cycle/pc/get/chart/all?memberId=${ids.member}`),
    other: () => get(intruder, `/core/cycle/report/doctor/get/analysis/link?memberId=${ids.member}`),
  },
  {
    resource: 'schedule',
    via: 'delete a weekly slot by id',
    own: () => get(owner, '/consultation/schedule/new/get'),
    other: () =>
      api.call('POST', '/consultation/schedule/delete', { token: intruder, form: { ids: ids.slot } }),
  },
  {
    resource: 'notification',
    via: 'mark read by id',
    own: () => get(owner, '/message/message/v2/listMessages?pageNum=1&pageSize=5'),
    other: () => get(intruder, `/message/reddot/markRead?id=${ids.notification}`),
  },
  {
    resource: 'profile file',
    via: 'download by id',
    own: () => rawGet(owner, `/consultation/invite/doctor/certificate/${ids.document}`),
    other: () => get(intruder, `/consultation/invite/doctor/certificate/${ids.document}`),
  },
  {
    resource: 'expert report',
    via: 'read by id',
    own: () => get(reportOwner, `${REPORT_BASE}/getByExpertReportId?reportId=${ids.report}`),
    other: () => get(intruder, `${REPORT_BASE}/getByExpertReportId?reportId=${ids.report}`),
  },
  {
    resource: 'expert report',
    via: 'save a draft by id',
    own: () => get(reportOwner, `${REPORT_BASE}/getByExpertReportId?reportId=${ids.report}`),
    other: () =>
      api.call('POST', `${REPORT_BASE}/save`, {
        token: intruder,
        json: { reportId: ids.report, summary: 'Overwritten by another provider' },
      }),
  },
  {
    resource: 'expert report',
    via: 'complete by id',
    own: () => get(reportOwner, `${REPORT_BASE}/getByExpertReportId?reportId=${ids.report}`),
    other: () => api.call('POST', `${REPORT_BASE}/completed?reportId=${ids.report}`, { token: intruder }),
  },
];

/** The certificate route answers bytes, not an envelope: an OK here means 200 with the file. */
async function rawGet(token: string, path: string): Promise<Answer> {
  const response = await fetch(`${stack.url}/api${path}`, { headers: { authToken: token } });
  await response.arrayBuffer();
  return {
    status: response.status,
    code: response.ok ? 'OK' : 'ERROR',
    message: '',
    data: null,
    headers: response.headers,
  };
}

describe('tenancy matrix: own API', () => {
  it.each(ROWS.map((r) => [`${r.resource}: ${r.via}`, r] as const))('%s', async (_, row) => {
    const before = await row.own();
    expect(before.code, 'the owner reaches it').toBe('OK');
    const refused = await row.other();
    expect(REFUSED, `${refused.status} ${refused.code} ${refused.message}`).toContain(refused.code);
    expect([403, 404]).toContain(refused.status);
    expect(JSON.stringify(refused.data ?? null)).not.toContain(ids.memberName);
    const after = await row.own();
    expect(after.code).toBe('OK');
    expect(JSON.stringify(after.data)).toBe(JSON.stringify(before.data));
  });

  it('a profile submission naming another provider’s document is refused (indirect path)', async () => {
    const fresh = await api.signUpFresh('tenancy-submit');
    await verifyEmail(api, stack, fresh);
    const answer = await api.call('POST', '/consultation/invite/doctor/addConsultInfoAudit', {
      token: fresh.token,
      form: profileForm([ids.document]),
    });
    expect(answer.status, `${answer.code} ${answer.message}`).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const own = await uploadCertificate(api, fresh.token);
    const control = await api.call('POST', '/consultation/invite/doctor/addConsultInfoAudit', {
      token: fresh.token,
      form: profileForm([own]),
    });
    expect(control.code).toBe('OK');
  });

  it('lists show only the provider’s own clients, appointments and notifications', async () => {
    for (const path of [
      '/consultation/invite/doctor/client/list?page=1&pageSize=100',
      '/consultation/invite/doctor/order/list?page=1&pageSize=100',
      '/message/message/v2/listMessages?pageNum=1&pageSize=100',
      '/message/qb/doctor/getDialogs',
    ]) {
      const answer = await get(intruder, path);
      expect(answer.code, path).toBe('OK');
      expect(JSON.stringify(answer.data), path).not.toContain(ids.memberName);
    }
  });
});
