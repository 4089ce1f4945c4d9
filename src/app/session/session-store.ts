/**
 * The signed-in session in the portal (valtio; docs/architecture.md §3 "realtime state"): token and login
 * info mirrored to local storage and the auth cookie as spec §3 names them.
 */
import { proxy } from 'valtio';
import type { DoctorInfo } from '../../shared/api/account';
import {
  clearSessionStorage,
  COOKIE_ADVISOR_VERSION,
  COOKIE_AUTH_TOKEN,
  setCookie,
  storage,
} from '../storage/local-storage';
import { rememberAutoLogoff, rememberSignIn } from '../storage/activity-storage';

export const ADVISOR_VERSION = '1.0.0';

export interface SessionState {
  token: string | null;
  userInfo: DoctorInfo | null;
  /** '0' while the agreement popup is due, '1' once agreed (spec §5: default '1'). */
  agreementProtocol: '0' | '1';
  /** The user signed out on purpose: the login route should not send them back where they were. */
  signedOutOnPurpose: boolean;
}

export const session = proxy<SessionState>({
  token: storage.get('authToken'),
  userInfo: storage.getJson<DoctorInfo>('userInfo'),
  agreementProtocol: storage.get('agreementProtocol') === '0' ? '0' : '1',
  signedOutOnPurpose: false,
});

/** `autoLogoffSeconds`: the server's setting (docs/security.md "Automatic logoff"); the clock starts now. */
export function startSession(token: string, userInfo: DoctorInfo, autoLogoffSeconds?: number): void {
  storage.set('authToken', token);
  rememberSignIn(Date.now());
  if (autoLogoffSeconds) rememberAutoLogoff(autoLogoffSeconds, Date.now());
  storage.setJson('userInfo', userInfo);
  setCookie(COOKIE_AUTH_TOKEN, token);
  setCookie(COOKIE_ADVISOR_VERSION, ADVISOR_VERSION, 365 * 86400);
  session.token = token;
  session.userInfo = userInfo;
  session.signedOutOnPurpose = false;
}

export function updateUserInfo(userInfo: DoctorInfo): void {
  storage.setJson('userInfo', userInfo);
  session.userInfo = userInfo;
}

export function setAgreementProtocol(value: '0' | '1'): void {
  storage.set('agreementProtocol', value);
  session.agreementProtocol = value;
}

const endListeners = new Set<() => void>();

/** Runs `listener` whenever the session ends (e.g. to drop cached server data). */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Ends the session in this browser: storage, session storage and the auth cookie (spec §8). */
export function endSession(options: { onPurpose?: boolean } = {}): void {
  clearSessionStorage();
  session.signedOutOnPurpose = options.onPurpose ?? false;
  session.token = null;
  session.userInfo = null;
  session.agreementProtocol = '1';
  for (const listener of endListeners) listener();
}

/** Spec §5 guard: a token, and agreementProtocol not '0'. */
export function canEnterPortal(state: Pick<SessionState, 'token' | 'agreementProtocol'>): boolean {
  return Boolean(state.token) && state.agreementProtocol !== '0';
}
