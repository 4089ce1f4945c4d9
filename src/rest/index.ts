/** Public API of the own-API client (the portal imports only this file). */
export { createApiClient, formEncode, type ApiClient, type ApiClientOptions, type CallInput } from './client';
export { ApiError } from './errors';
export {
  actionFor,
  applyErrorCatalogue,
  NO_REPORT_ACCESS,
  type ErrorAction,
  type ErrorEffects,
} from './error-catalogue';
export { accountApi, chatIdentityApi, protocolApi } from './account';
export { createUploader, type Uploader, type UploadInput } from './upload';
export { consultationApi, contentApi, dashboardApi, profileApi, scheduleApi } from './workspace';
export { notificationsApi } from './notifications';
