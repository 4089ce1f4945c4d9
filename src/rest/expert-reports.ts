/**
 * Expert report calls (spec §7 "Expert reports"), one function per endpoint of
 * src/shared/api/expert-reports.ts. A provider without report access gets
 * MEMBER_EXPERT_REPORT_NO_ACCESS from every one; the error catalogue hands it to the caller.
 */
import type { BodyOf, QueryOf } from '../shared/api/endpoint';
import * as reports from '../shared/api/expert-reports';
import { queryCall, type ApiClient, type CallExtra as Extra, type CallQuery as Query } from './client';

export const expertReportsApi = (api: ApiClient) => ({
  list: queryCall(api, reports.getReportList),
  claim: (reportId: number, extra?: Extra) =>
    api.call(reports.claimReport, { query: { reportId }, ...extra }),
  disclaim: (reportId: number, extra?: Extra) =>
    api.call(reports.disclaimReport, { query: { reportId }, ...extra }),
  complete: (reportId: number, extra?: Extra) =>
    api.call(reports.completeReport, { query: { reportId }, ...extra }),
  save: (body: BodyOf<typeof reports.saveReport>, extra?: Extra) =>
    api.call(reports.saveReport, { body: body as Record<string, unknown>, ...extra }),
  detail: (reportId: number, extra?: Extra) =>
    api.call(reports.getReportDetail, { query: { reportId }, ...extra }),
  byMember: queryCall(api, reports.getReportsByUserId),
  member: (userId: number, extra?: Extra) =>
    api.call(reports.getReportUserInfo, { query: { userId }, ...extra }),
  categories: (extra?: Extra) => api.call(reports.getReportCategoryList, { ...extra }),
  toDos: (query: QueryOf<typeof reports.getReportToDoList> = {}, extra?: Extra) =>
    api.call(reports.getReportToDoList, { query: query as Query, ...extra }),
  lifestyle: (query: QueryOf<typeof reports.getReportLifestyleList> = {}, extra?: Extra) =>
    api.call(reports.getReportLifestyleList, { query: query as Query, ...extra }),
});
