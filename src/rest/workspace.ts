/**
 * Workspace calls (issue 5): profile and review, availability, clients and appointments,
 * dashboard and balance, content. One function per endpoint of src/shared/api.
 */
import { updateDoctorAvatar } from '../shared/api/account';
import * as consultation from '../shared/api/consultation';
import * as content from '../shared/api/content';
import * as dashboard from '../shared/api/dashboard';
import type { BodyOf, QueryOf } from '../shared/api/endpoint';
import * as profile from '../shared/api/profile';
import * as questionnaire from '../shared/api/questionnaire';
import * as schedule from '../shared/api/schedule';
import type { ApiClient, CallInput } from './client';
import type { Uploader } from './upload';

type Extra = Pick<CallInput, 'quiet' | 'signal'>;
type Progress = { onUploadProgress?(fraction: number): void; signal?: AbortSignal };
type Query = Record<string, string | number | boolean | undefined>;

function single(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('file', file, name);
  return form;
}

export const profileApi = (api: ApiClient, upload: Uploader) => ({
  categories: (extra?: Extra) => api.call(profile.getDoctorCategoryList, { ...extra }),
  languages: (extra?: Extra) => api.call(profile.getLanguageList, { ...extra }),
  countries: (extra?: Extra) => api.call(profile.getConsultationCountry, { ...extra }),
  auditInfo: (extra?: Extra) => api.call(profile.getAuditInfo, { ...extra }),
  markPopupShown: (extra?: Extra) => api.call(profile.markAuditPopupShown, { ...extra }),
  submit: (body: BodyOf<typeof profile.addConsultInfoAudit>, extra?: Extra) =>
    api.call(profile.addConsultInfoAudit, { body, ...extra }),
  uploadCertificate: (file: Blob, name: string, progress?: Progress) =>
    upload(profile.uploadCertificate, single(file, name), progress),
  uploadAvatar: (file: Blob, name: string, progress?: Progress) =>
    upload(updateDoctorAvatar, single(file, name), progress),
  /** The bytes of one of the provider's documents (sent with the token, so not a plain link). */
  downloadCertificate: async (id: number): Promise<Blob> => {
    const response = await api.http(
      profile.CERTIFICATE_FILE_PATH.replace('{id}', String(id)).replace(/^\//, ''),
    );
    if (!response.ok) throw new Error(`Download failed (HTTP ${response.status})`);
    return response.blob();
  },
});

export const scheduleApi = (api: ApiClient) => ({
  get: (extra?: Extra) => api.call(schedule.getSchedule, { ...extra }),
  update: (body: BodyOf<typeof schedule.updateSchedule>, extra?: Extra) =>
    api.call(schedule.updateSchedule, { body: body as Record<string, unknown>, ...extra }),
  remove: (ids: number[], extra?: Extra) => api.call(schedule.deleteSchedule, { body: { ids }, ...extra }),
  calendar: (query: QueryOf<typeof schedule.getCalendar>, extra?: Extra) =>
    api.call(schedule.getCalendar, { query: query as Query, ...extra }),
});

export const consultationApi = (api: ApiClient) => ({
  clients: (query: QueryOf<typeof consultation.getClientList>, extra?: Extra) =>
    api.call(consultation.getClientList, { query: query as Query, ...extra }),
  orders: (query: QueryOf<typeof consultation.getOrderList>, extra?: Extra) =>
    api.call(consultation.getOrderList, { query: query as Query, ...extra }),
  order: (id: number, extra?: Extra) => api.call(consultation.getOrderDetail, { query: { id }, ...extra }),
  start: (id: number, extra?: Extra) => api.call(consultation.startConsultation, { query: { id }, ...extra }),
  end: (quickBloxId: number, extra?: Extra) =>
    api.call(consultation.endConsultation, { query: { quickBloxId }, ...extra }),
  cancel: (body: BodyOf<typeof consultation.cancelConsultation>, extra?: Extra) =>
    api.call(consultation.cancelConsultation, { body, ...extra }),
  /** The intake questionnaire of an appointment (spec §2 /question). */
  questionnaire: (appointmentId: number, extra?: Extra) =>
    api.call(questionnaire.getAppointmentQuestionnaire, { query: { appointmentId }, ...extra }),
});

export const dashboardApi = (api: ApiClient) => ({
  dashboard: (extra?: Extra) => api.call(dashboard.getDashboard, { ...extra }),
  dashboardChart: (query: QueryOf<typeof dashboard.getDashboardChart>, extra?: Extra) =>
    api.call(dashboard.getDashboardChart, { query: query as Query, ...extra }),
  balanceSummary: (query: QueryOf<typeof dashboard.getBalanceSummary>, extra?: Extra) =>
    api.call(dashboard.getBalanceSummary, { query: query as Query, ...extra }),
  balanceList: (query: QueryOf<typeof dashboard.getBalanceList>, extra?: Extra) =>
    api.call(dashboard.getBalanceList, { query: query as Query, ...extra }),
});

export const contentApi = (api: ApiClient) => ({
  blogCategories: (extra?: Extra) => api.call(content.getBlogCategories, { ...extra }),
  blogs: (query: QueryOf<typeof content.getBlogList>, extra?: Extra) =>
    api.call(content.getBlogList, { query: query as Query, ...extra }),
  videos: (query: QueryOf<typeof content.getVideoList>, extra?: Extra) =>
    api.call(content.getVideoList, { query: query as Query, ...extra }),
  memberTags: (extra?: Extra) => api.call(content.getAllMemberTags, { ...extra }),
});
