/** Account and protocol calls (spec §7 "Account", "Protocol"), one function per endpoint. */
import * as account from '../shared/api/account';
import * as protocol from '../shared/api/protocol';
import * as chatIdentity from '../shared/api/chat-identity';
import type { BodyOf } from '../shared/api/endpoint';
import type { ApiClient, CallInput } from './client';
import { messaging } from './messaging';

type Extra = Pick<CallInput, 'quiet' | 'signal' | 'onUploadProgress'>;

export const accountApi = (api: ApiClient) => ({
  /** Starts a sign-up: a code is mailed to the address (docs/security.md "Sign-up"). */
  signUp: (body: BodyOf<typeof account.signUp>, extra?: Extra) =>
    api.call(account.signUp, { body, ...extra }),
  /** Finishes it with the mailed code: the account is made and signed in. */
  confirmSignUp: (body: BodyOf<typeof account.confirmSignUp>, extra?: Extra) =>
    api.call(account.confirmSignUp, { body, ...extra }),
  signIn: (body: BodyOf<typeof account.signIn>, extra?: Extra) =>
    api.call(account.signIn, { body, ...extra }),
  /** Ends the session on the server; `token` names it when the browser has already let it go. */
  signOut: (extra?: Extra & { token?: string }) => api.call(account.signOut, { ...extra }),
  /** Automatic logoff: the provider was active (docs/security.md "Automatic logoff"). */
  reportActivity: (extra?: Extra) => api.call(account.reportActivity, { ...extra }),
  forgetPassword: (body: BodyOf<typeof account.forgetPassword>, extra?: Extra) =>
    api.call(account.forgetPassword, { body, ...extra }),
  modifyPassword: (body: BodyOf<typeof account.modifyPassword>, extra?: Extra) =>
    api.call(account.modifyPassword, { body, ...extra }),
  getDoctorInfo: (extra?: Extra) => api.call(account.getDoctorInfo, { ...extra }),
  updateDoctorInfo: (body: BodyOf<typeof account.updateDoctorInfo>, extra?: Extra) =>
    api.call(account.updateDoctorInfo, { body, ...extra }),
  consultationCounts: (extra?: Extra) => api.call(account.consultationCounts, { ...extra }),
  cancelAccount: (body: BodyOf<typeof account.cancelAccount>, extra?: Extra) =>
    api.call(account.cancelAccount, { body, ...extra }),
  /** Mails an e-mail verification code to an account whose address is not confirmed. */
  sendEmailVerification: (extra?: Extra) => api.call(account.sendEmailVerification, { ...extra }),
  verifyEmail: (code: string, extra?: Extra) => api.call(account.verifyEmail, { body: { code }, ...extra }),
});

export const protocolApi = (api: ApiClient) => ({
  /** `token`: asked with the token of a sign-in that has not become the session yet. */
  isPopupDue: (userId: number, extra?: Extra & Pick<CallInput, 'token'>) =>
    api.call(protocol.isDoctorPopupUserProtocolMsg, { params: { userId }, ...extra }),
  popupInfo: (extra?: Extra) => api.call(protocol.getProtocolPopupInfo, { ...extra }),
  addRecords: (protocolIds: number[], platform: string, extra?: Extra) =>
    api.call(protocol.addProtocolRecords, { query: { platform }, body: { protocolIds }, ...extra }),
  publishedVersions: (extra?: Extra) => api.call(protocol.getPublishProtocolVersionInfo, { ...extra }),
});

export const chatIdentityApi = (api: ApiClient) => ({
  credentials: (extra?: Extra) => api.call(chatIdentity.getChatCredentials, { query: messaging(), ...extra }),
});
