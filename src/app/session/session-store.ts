/**
 * The signed-in session in the portal (valtio; docs/architecture.md §3 "realtime state"): one
 * lifecycle table on the machine kernel (src/shared/machine.ts) whose states carry their data,
 * mirrored to local storage and the auth cookie as spec §3 names them. One store per portal root
 * (src/app/root/portal-root.ts): it outlives every signed-in shell.
 */
import { proxy } from 'valtio';
import type { DoctorInfo } from '../../shared/api/account';
import { createEmitter } from '../../shared/emitter';
import { nextState } from '../../shared/machine';
import {
  clearSessionStorage,
  COOKIE_ADVISOR_VERSION,
  COOKIE_AUTH_TOKEN,
  setCookie,
  storage,
} from '../storage/local-storage';
import { rememberAutoLogoff, rememberSignIn } from '../storage/activity-storage';
import { forgetReturnPaths } from '../storage/return-path';

export const ADVISOR_VERSION = '1.0.0';

/** The session's lifecycle, each state with what it knows. */
export type Session =
  /** No session in this browser. `onPurpose`: she signed out herself, so the login route forgets where she was. */
  | { phase: 'signed out'; onPurpose: boolean }
  /** Signed in, and the agreement popup is due (spec §5: `agreementProtocol` '0'): the portal stays closed. */
  | { phase: 'agreement due'; token: string; userInfo: DoctorInfo }
  | { phase: 'signed in'; token: string; userInfo: DoctorInfo };

export type SessionPhase = Session['phase'];

export type SessionEvent =
  /** A sign-in or sign-up kept its session; `, agreement due` when the popup is due (spec §5). */
  | 'sign in'
  | 'sign in, agreement due'
  /** She agreed to the current protocols (spec §7 "Protocol"). */
  | 'agree'
  /** The server sent her login info again (her profile, settings, verification). */
  | 'refresh'
  /** The session ends in this browser: a sign-out, a token error (spec §8), an automatic logoff. */
  | 'end';

/**
 * From each state, the events it takes and where they lead. A sign-in may take the place of any
 * session (a sign-up in a browser signed in already). After the end, an end (a token error of a
 * call that outlived a sign-out) and her login info (an answer that outlived it) change nothing
 * kept; agreeing has no session to agree for.
 */
export const SESSION_MOVES: Readonly<Record<SessionPhase, Partial<Record<SessionEvent, SessionPhase>>>> = {
  'signed out': {
    'sign in': 'signed in',
    'sign in, agreement due': 'agreement due',
    refresh: 'signed out',
    end: 'signed out',
  },
  'agreement due': {
    'sign in': 'signed in',
    'sign in, agreement due': 'agreement due',
    agree: 'signed in',
    end: 'signed out',
  },
  'signed in': {
    'sign in': 'signed in',
    'sign in, agreement due': 'agreement due',
    refresh: 'signed in',
    end: 'signed out',
  },
};

export interface SessionState {
  /** The one owner: the lifecycle's state and its data. */
  session: Session;
  /** The session's token, null when signed out (derived). */
  readonly token: string | null;
  /** Her login info, null when signed out (derived). */
  readonly userInfo: DoctorInfo | null;
}

export interface SignInOptions {
  /** Spec §5: the agreement popup is due, so the portal stays closed until she agrees. */
  agreementDue?: boolean;
  /** `autoLogoffSeconds`: the server's setting (docs/security.md "Automatic logoff"); the clock starts now. */
  autoLogoffSeconds?: number;
}

export interface SessionStore {
  /** What the screens read (valtio: `useSnapshot(session.state)`). */
  readonly state: SessionState;
  start(token: string, userInfo: DoctorInfo, options?: SignInOptions): void;
  updateUserInfo(userInfo: DoctorInfo): void;
  /** She agreed to the protocols: the portal opens. */
  agree(): void;
  /** Runs `listener` whenever the session ends (e.g. to drop cached server data). */
  onEnd(listener: () => void): () => void;
  /**
   * Runs `listener` with the session's token whenever a sign-in sets one or the end takes it
   * away: the portal runtime's connections live by it (connections/connections.ts).
   */
  onToken(listener: (token: string | null) => void): () => void;
  /**
   * Ends the session in this browser: storage, session storage and the auth cookie (spec §8).
   * `onPurpose` (she signed out, or closed her account): no page she was on is returned to at the
   * next sign-in (docs/security.md "Automatic logoff").
   */
  end(options?: { onPurpose?: boolean }): void;
}

/** The session this browser's storage keeps (a reload keeps the sign-in); a token without login info is none. */
function storedSession(): Session {
  const token = storage.get('authToken');
  const userInfo = storage.getJson<DoctorInfo>('userInfo');
  if (!token || !userInfo) return { phase: 'signed out', onPurpose: false };
  const phase = storage.get('agreementProtocol') === '0' ? 'agreement due' : 'signed in';
  return { phase, token, userInfo };
}

/** The session as this browser's storage has it; `now` is the clock. */
export function createSessionStore(now: () => number = Date.now): SessionStore {
  const state = proxy<SessionState>({
    session: storedSession(),
    get token() {
      return this.session.phase === 'signed out' ? null : this.session.token;
    },
    get userInfo() {
      return this.session.phase === 'signed out' ? null : this.session.userInfo;
    },
  });
  const events = createEmitter<{ end: undefined; token: string | null }>();
  const move = (event: SessionEvent): SessionPhase =>
    nextState('portal session', SESSION_MOVES, state.session.phase, event);
  return {
    state,
    start(token, userInfo, options = {}) {
      const phase = move(options.agreementDue ? 'sign in, agreement due' : 'sign in');
      storage.set('authToken', token);
      storage.set('agreementProtocol', phase === 'agreement due' ? '0' : '1');
      rememberSignIn(now());
      if (options.autoLogoffSeconds) rememberAutoLogoff(options.autoLogoffSeconds, now());
      storage.setJson('userInfo', userInfo);
      setCookie(COOKIE_AUTH_TOKEN, token);
      setCookie(COOKIE_ADVISOR_VERSION, ADVISOR_VERSION, 365 * 86400);
      // Both sign-in events lead to a session with its data (the table).
      state.session = { phase: phase as 'signed in' | 'agreement due', token, userInfo };
      events.emit('token', token);
    },
    updateUserInfo(userInfo) {
      const from = state.session;
      move('refresh');
      // The table keeps an ended session ended: login info that outlived it is not kept.
      if (from.phase === 'signed out') return;
      storage.setJson('userInfo', userInfo);
      state.session = { ...from, userInfo };
    },
    agree() {
      move('agree');
      // Only a session whose agreement is due takes `agree` (the table).
      const { token, userInfo } = state.session as Extract<Session, { phase: 'agreement due' }>;
      storage.set('agreementProtocol', '1');
      state.session = { phase: 'signed in', token, userInfo };
    },
    onEnd: (listener) => events.on('end', listener),
    onToken: (listener) => events.on('token', listener),
    end(options = {}) {
      const owner = state.userInfo?.userId;
      move('end');
      clearSessionStorage();
      if (options.onPurpose && owner !== undefined) forgetReturnPaths(owner, now());
      state.session = { phase: 'signed out', onPurpose: options.onPurpose ?? false };
      events.emit('token', null);
      events.emit('end', undefined);
    },
  };
}

/** Spec §5 guard: a session whose agreement is not due. */
export function canEnterPortal(session: Session): boolean {
  return session.phase === 'signed in';
}
