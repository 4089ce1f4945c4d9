/**
 * Every read of health data through the own API is in the access log (issue 27 item 3;
 * docs/security.md "Health-data access log"). Every endpoint of the contract (the folder
 * `src/shared/api`, read as the security suites read it) is named here, either as a read of
 * members' health data with the kind of row it leaves, or with the reason it hands none out — so
 * a new endpoint fails this test until it is classified. Then each read is made, as a provider
 * with the relation it needs, and its row is found.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import type { HealthDataKind } from '../../src/shared/health-data-access';
import { logMark, waitForRow } from '../support/access-log';
import { adminCall, apiClient } from '../support/api';
import { qbClient } from '../support/qb';
import { move, requestReport, SUMMARY_OK } from '../support/reports';
import { contractEndpoints } from '../support/security/contract';
import { book, bookableProvider } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);
const qb = qbClient(stack.url);

/** Endpoints whose answer holds members' health data, and the row each leaves. */
const LOGGED: Record<string, HealthDataKind> = {
  getProviderDialogs: 'chat-preview',
  getUnreadDialogs: 'chat-preview',
  listMessages: 'chat-preview',
  getOrderList: 'consultation',
  getOrderDetail: 'consultation',
  startConsultation: 'consultation',
  endConsultation: 'consultation',
  cancelConsultation: 'consultation',
  getDashboard: 'consultation',
  getCalendar: 'consultation',
  getAppointmentQuestionnaire: 'intake-questionnaire',
  getReportList: 'report-summary',
  claimReport: 'report-summary',
  disclaimReport: 'report-summary',
  completeReport: 'report-summary',
  saveReport: 'report',
  getReportDetail: 'report',
  getReportsByUserId: 'report',
  getReportUserInfo: 'member-info',
  getCycleAnalysis: 'cycle-analysis',
  getCycleComparison: 'cycle-comparison',
  getDailyChartAll: 'daily-chart',
  getDailyChartPage: 'daily-chart',
  getCycleAnalysisLink: 'file-link',
  getCycleComparisonLink: 'file-link',
  getExpertReportLink: 'file-link',
};

/** Endpoints that hand out no member's health data, and why. */
const NOT_HEALTH_DATA: Record<string, string> = {
  signUp: 'account',
  confirmSignUp: 'account',
  signIn: 'account',
  signOut: 'account',
  reportActivity: 'account',
  forgetPassword: 'account',
  modifyPassword: 'account',
  cancelAccount: 'account',
  sendEmailVerification: 'account',
  verifyEmail: 'account',
  getDoctorInfo: "the provider's own profile",
  updateDoctorInfo: "the provider's own profile",
  updateDoctorAvatar: "the provider's own profile",
  consultationCounts: 'counts',
  getIceServers: 'configuration',
  getChatCredentials: "the provider's own chat login",
  getChatAccount: "the provider's own chat login and unread counts",
  getClientByChatId: 'a name and an avatar, for a caller or a conversation',
  getClientList: "her clients' names, countries, time zones and consultation dates: her own schedule",
  getBlogCategories: 'content catalogue',
  getBlogList: 'content catalogue',
  getVideoList: 'content catalogue',
  getAllMemberTags: 'content catalogue',
  getDashboardChart: 'counts',
  getBalanceSummary: "the provider's earnings",
  getBalanceList: "the provider's earnings",
  getReportCategoryList: 'report catalogue',
  getReportToDoList: 'report catalogue',
  getReportLifestyleList: 'report catalogue',
  redDotMarkRead: 'counts',
  redDotRefresh: 'counts',
  redDotMarkReadAll: 'counts',
  notificationTree: 'counts',
  messageCategory: 'counts',
  saveNotificationSetting: "the provider's settings",
  getNotificationSetting: "the provider's settings",
  getDoctorCategoryList: 'catalogue',
  getLanguageList: 'catalogue',
  getConsultationCountry: 'catalogue',
  addConsultInfoAudit: "the provider's own profile review",
  getAuditInfo: "the provider's own profile review",
  markAuditPopupShown: "the provider's own profile review",
  uploadCertificate: "the provider's own profile review",
  isDoctorPopupUserProtocolMsg: 'agreements',
  getProtocolPopupInfo: 'agreements',
  addProtocolRecords: 'agreements',
  getPublishProtocolVersionInfo: 'agreements',
  getSchedule: "the provider's own schedule",
  updateSchedule: "the provider's own schedule",
  deleteSchedule: "the provider's own schedule",
  completeSecondStep: "the provider's own sign-in",
  abandonSecondStep: "the provider's own sign-in",
  secondStepPasskeyOptions: "the provider's own sign-in",
  listSecondFactors: "the provider's own second factor",
  startTotp: "the provider's own second factor",
  confirmTotp: "the provider's own second factor",
  passkeyRegistrationOptions: "the provider's own second factor",
  addPasskey: "the provider's own second factor",
  proofPasskeyOptions: "the provider's own second factor",
  removeSecondFactor: "the provider's own second factor",
  regenerateRecoveryCodes: "the provider's own second factor",
};

describe('the own API and the access log', () => {
  it('names every endpoint of the contract: a read that is logged, or why it is none', async () => {
    const ids = (await contractEndpoints()).map((e) => e.id).sort();
    const named = [...Object.keys(LOGGED), ...Object.keys(NOT_HEALTH_DATA)].sort();
    expect(named).toEqual(ids);
  });

  describe('every read leaves its row', () => {
    type Provider = Awaited<ReturnType<typeof bookableProvider>>;
    let p: Provider;
    const proved = new Set<string>();
    const clara = member('clara');
    const daniela = member('daniela');
    let claraId = 0;
    const appointments: number[] = [];

    /** Runs `read` and waits for its row about the member. */
    async function proves(
      id: string,
      memberChatId: number,
      read: () => Promise<{ code: string; message?: string }>,
      resourceId?: string,
    ) {
      const since = logMark();
      const answer = await read();
      expect(answer.code, `${id}: ${answer.message}`).toBe('OK');
      await waitForRow(stack, p.email, since, { kind: LOGGED[id]!, memberChatId, resourceId });
      proved.add(id);
    }
    const get = (path: string) => api.call<never>('GET', path, { token: p.token });

    beforeAll(async () => {
      p = await bookableProvider(api, stack, 'access-log');
      const granted = await adminCall(stack.url, stack.adminSecret, 'POST', '/reports/access', {
        provider: p.email,
        action: 'grant',
      });
      expect(granted.code).toBe('OK');
      // One soon enough to start, one later to cancel (as workspace-consultations.test.ts books).
      for (const [minutes, topic] of [
        [3, 'Spotting after my last transfer'],
        [180, 'Two negative tests after IVF'],
      ] as const) {
        const time = new Date(Date.now() + minutes * 60_000).toISOString();
        const booked = await book(stack, clara.email, p.email, time, topic);
        expect(booked.code, booked.message).toBe('OK');
        appointments.push(booked.data.appointmentId);
      }
      const clients = await api.call<{ list: Array<{ memberId: number; chatId: number }> }>(
        'GET',
        '/consultation/invite/doctor/client/list',
        { token: p.token },
      );
      claraId = clients.data.list.find((c) => c.chatId === clara.chatId)!.memberId;
    });

    it('consultations: lists, detail, start, end, cancel, dashboard, calendar', async () => {
      const [first, second] = appointments as [number, number];
      await proves('getOrderList', clara.chatId, () => get('/consultation/invite/doctor/order/list'));
      await proves(
        'getOrderDetail',
        clara.chatId,
        () => get(`/consultation/invite/doctor/order/detail?id=${first}`),
        String(first),
      );
      await proves('getDashboard', clara.chatId, () => get('/consultation/invite/doctor/dashboard'));
      const from = new Date(Date.now() - 86_400_000).toISOString();
      const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
      await proves('getCalendar', clara.chatId, () =>
        get(`/consultation/schedule/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
      );
      await proves(
        'startConsultation',
        clara.chatId,
        () =>
          api.call('POST', `/consultation/invite/doctor/consultation/start?id=${first}`, { token: p.token }),
        String(first),
      );
      await proves(
        'endConsultation',
        clara.chatId,
        () =>
          api.call('POST', `/consultation/invite/doctor/consultation/end?quickBloxId=${clara.chatId}`, {
            token: p.token,
          }),
        String(first),
      );
      await proves(
        'cancelConsultation',
        clara.chatId,
        () =>
          api.call('POST', '/consultation/invite/doctor/consultation/cancel', {
            token: p.token,
            form: { id: second, reason: 'I am away that day' },
          }),
        String(second),
      );
    });

    it("the intake questionnaire (Amelia's seeded ones)", async () => {
      const amelia = await api.signInAs('amelia');
      const list = await api.call<{ list: Array<{ id: number; memberChatId: number; topic: string }> }>(
        'GET',
        '/consultation/invite/doctor/order/list?status=UPCOMING&pageSize=50',
        { token: amelia },
      );
      const booking = list.data.list.find((a) => a.topic === 'Follow-up on ovulation tracking')!;
      const since = logMark();
      const answer = await api.call(
        'GET',
        `/consultation/invite/doctor/order/questionnaire?appointmentId=${booking.id}`,
        {
          token: amelia,
        },
      );
      expect(answer.code).toBe('OK');
      await waitForRow(stack, 'amelia.hart@clinic.example', since, {
        kind: 'intake-questionnaire',
        memberChatId: booking.memberChatId,
        resourceId: String(booking.id),
      });
      proved.add('getAppointmentQuestionnaire');
    });

    it('reports: the pool, moves, draft, detail, earlier reports, member info and the PDF link', async () => {
      const reportId = await requestReport(stack, daniela.email, { question: 'Are my LH peaks ovulation?' });
      const resource = String(reportId);
      await proves(
        'getReportList',
        daniela.chatId,
        () => get('/user/member/expertReport/reportList?type=Open'),
        resource,
      );
      await proves('claimReport', daniela.chatId, () => move(api, p.token, 'claim', reportId), resource);
      await proves(
        'disclaimReport',
        daniela.chatId,
        () => move(api, p.token, 'disclaim', reportId),
        resource,
      );
      expect((await move(api, p.token, 'claim', reportId)).code).toBe('OK');
      await proves(
        'saveReport',
        daniela.chatId,
        () =>
          api.call('POST', '/user/member/expertReport/save', {
            token: p.token,
            json: { reportId, summary: SUMMARY_OK, categoryIds: [1] },
          }),
        resource,
      );
      await proves(
        'getReportDetail',
        daniela.chatId,
        () => get(`/user/member/expertReport/getByExpertReportId?reportId=${reportId}`),
        resource,
      );
      const detail = await api.call<{ memberId: number }>(
        'GET',
        `/user/member/expertReport/getByExpertReportId?reportId=${reportId}`,
        { token: p.token },
      );
      const danielaId = detail.data.memberId;
      await proves('getReportUserInfo', daniela.chatId, () =>
        get(`/user/member/expertReport/getUserInfo?userId=${danielaId}`),
      );
      await proves('getReportsByUserId', daniela.chatId, () =>
        get(`/user/member/expertReport/getReportsByUserId?userId=${danielaId}`),
      );
      await proves(
        'completeReport',
        daniela.chatId,
        () => move(api, p.token, 'completed', reportId),
        resource,
      );
      await proves('getExpertReportLink', daniela.chatId, () =>
        get(`/core/cycle/expertReportContent/get/expert/link?reportId=${reportId}`),
      );
    });

    it('cycle data: analysis, comparison, charts and their links', async () => {
      const q = `memberId=${claraId}`;
      await proves('getCycleAnalysis', clara.chatId, () =>
        get(`/core/cycle/report/doctor/get/analysis?${q}`),
      );
      await proves('getCycleComparison', clara.chatId, () =>
        get(`/core/cycle/report/doctor/get/comparison?${q}&count=3`),
      );
      await proves('getDailyChartAll', clara.chatId, () => get(`/core/cycle/pc/get/chart/all?${q}`));
      await proves('getDailyChartPage', clara.chatId, () =>
        get(`/core/cycle/pc/get/chart/page?${q}&page=1&pageSize=2`),
      );
      await proves('getCycleAnalysisLink', clara.chatId, () =>
        get(`/core/cycle/report/doctor/get/analysis/link?${q}`),
      );
      await proves('getCycleComparisonLink', clara.chatId, () =>
        get(`/core/cycle/report/doctor/get/comparison/link?${q}&count=3`),
      );
    });

    it("chat: the dialog lists' previews and a notification quoting her message", async () => {
      const memberToken = await qb.memberSession('clara');
      const dialog = await qb.call('POST', '/chat/Dialog.json', {
        token: memberToken,
        form: { type: 3, occupants_ids: String(p.chatId) },
      });
      expect(dialog.status).toBe(201);
      const dialogId = dialog.body._id as string;
      const sent = await qb.call('POST', '/chat/Message.json', {
        token: memberToken,
        form: {
          chat_dialog_id: dialogId,
          message: 'My temperature was 36.9 and I had spotting',
          send_to_chat: 1,
        },
      });
      expect(sent.status).toBe(201);
      await proves('getProviderDialogs', clara.chatId, () => get('/message/qb/doctor/getDialogs'), dialogId);
      await proves('getUnreadDialogs', clara.chatId, () => get('/message/qb/doctor/unreadDialogs'), dialogId);
      // The message became a notification (she has no app socket open): the list quotes it.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const page = await api.call<{ records: Array<{ template: string | null }> }>(
          'GET',
          '/message/message/v2/listMessages?category=MESSAGE',
          { token: p.token },
        );
        if (page.data.records.some((n) => n.template === 'message.received')) break;
        if (Date.now() > deadline) throw new Error('No MESSAGE notification');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await proves('listMessages', clara.chatId, () =>
        get('/message/message/v2/listMessages?category=MESSAGE'),
      );
    });

    it('proved every logged endpoint', () => {
      expect([...proved].sort()).toEqual(Object.keys(LOGGED).sort());
    });
  });
});
