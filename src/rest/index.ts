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
export { consultationApi } from './consultation';
export { contentApi } from './content';
export { dashboardApi } from './dashboard';
export { profileApi } from './profile';
export { scheduleApi } from './schedule';
export { notificationsApi } from './notifications';
export { expertReportsApi } from './expert-reports';
export { cycleDataApi } from './cycle-data';
export { chatApi } from './chat';
export { callApi } from './call';
export { secondFactorApi } from './second-factor';
export { createChatCore, createChatService, type ChatCore, type ChatService } from './chat-service';
export {
  ChatServiceClient,
  type ChatRequest,
  type ChatServiceOptions,
  type ChatSession,
} from './chat-service/client';
export { ChatServiceError, chatErrorMessage, isEmptyAddressBook } from './chat-service/errors';
export { SessionExpiry, parseExpirationHeader, type Clock } from './chat-service/expiry';
export { encodeForm } from './chat-service/form';
export {
  createSessionRenewer,
  type SessionRenewer,
  type SessionRenewerOptions,
} from './chat-service/renewer';
export { signatureBase, signSession, type SignatureHash } from './chat-service/signature';
export { validateAiHistory, type AiHistoryItem } from './chat-service/ai';
export { userFilter, type UserFields, type UserLookup } from './chat-service/users';
export { base64Encode, type NewEvent, type NewSubscription } from './chat-service/push';
export type { DialogList, DialogUpdate, MessageQuery, NewDialog, NewMessage } from './chat-service/chat';
export type { CreatedBlob, NewBlob } from './chat-service/content';
export type { AddressBookEntry } from './chat-service/address-book';
export type * from './chat-service/types';
