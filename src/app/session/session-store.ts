/**
 * The signed-in session in the portal (valtio; docs/architecture.md §3 "realtime state"): token and login
 * info mirrored to local storage and the auth cookie as spec §3 names them. One store per portal
 * root (src/app/root/portal-root.ts): it outlives every signed-in shell.
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

export interface SessionStore {
  /** What the screens read (valtio: `useSnapshot(session.state)`). */
  readonly state: SessionState;
  /** `autoLogoffSeconds`: the server's setting (docs/security.md "Automatic logoff"); the clock starts now. */
  start(token: string, userInfo: DoctorInfo, autoLogoffSeconds?: number): void;
  updateUserInfo(userInfo: DoctorInfo): void;
  setAgreementProtocol(value: '0' | '1'): void;
  /** Runs `listener` whenever the session ends (e.g. to drop cached server data). */
  onEnd(listener: () => void): () => void;
  /** Ends the session in this browser: storage, session storage and the auth cookie (spec §8). */
  end(options?: { onPurpose?: boolean }): void;
}

/** The session as this browser's storage has it (a reload keeps the sign-in); `now` is the clock. */
export function createSessionStore(now: () => number = Date.now): SessionStore {
  const state = proxy<SessionState>({
    token: storage.get('authToken'),
    userInfo: storage.getJson<DoctorInfo>('userInfo'),
    agreementProtocol: storage.get('agreementProtocol') === '0' ? '0' : '1',
    signedOutOnPurpose: false,
  });
  const endListeners = new Set<() => void>();
  return {
    state,
    start(token, userInfo, autoLogoffSeconds) {
      storage.set('authToken', token);
      rememberSignIn(now());
      if (autoLogoffSeconds) rememberAutoLogoff(autoLogoffSeconds, now());
      storage.setJson('userInfo', userInfo);
      setCookie(COOKIE_AUTH_TOKEN, token);
      setCookie(COOKIE_ADVISOR_VERSION, ADVISOR_VERSION, 365 * 86400);
      state.token = token;
      state.userInfo = userInfo;
      state.signedOutOnPurpose = false;
    },
    updateUserInfo(userInfo) {
      storage.setJson('userInfo', userInfo);
      state.userInfo = userInfo;
    },
    setAgreementProtocol(value) {
      storage.set('agreementProtocol', value);
      state.agreementProtocol = value;
    },
    onEnd(listener) {
      endListeners.add(listener);
      return () => endListeners.delete(listener);
    },
    end(options = {}) {
      clearSessionStorage();
      state.signedOutOnPurpose = options.onPurpose ?? false;
      state.token = null;
      state.userInfo = null;
      state.agreementProtocol = '1';
      for (const listener of [...endListeners]) listener();
    },
  };
}

/** Spec §5 guard: a token, and agreementProtocol not '0'. */
export function canEnterPortal(state: Pick<SessionState, 'token' | 'agreementProtocol'>): boolean {
  return Boolean(state.token) && state.agreementProtocol !== '0';
}
