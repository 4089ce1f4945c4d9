/**
 * The signed-in area's API calls, one object per domain, on the portal's one client
 * (api-client.ts). Kept apart so the login route does not load every domain's contract.
 */
import {
  callApi,
  chatApi,
  consultationApi,
  contentApi,
  cycleDataApi,
  dashboardApi,
  expertReportsApi,
  notificationsApi,
  profileApi,
  scheduleApi,
} from '../../rest';
import { api, upload } from './api-client';

export const chatCalls = chatApi(api);
export const callCalls = callApi(api);
export const profileCalls = profileApi(api, upload);
export const scheduleCalls = scheduleApi(api);
export const consultationCalls = consultationApi(api);
export const dashboardCalls = dashboardApi(api);
export const contentCalls = contentApi(api);
export const notificationCalls = notificationsApi(api);
export const reportCalls = expertReportsApi(api);
export const cycleCalls = cycleDataApi(api);
