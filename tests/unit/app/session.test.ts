/**
 * The portal session's lifecycle (src/app/session/session-store.ts; spec §3 storage, §5 guard,
 * §8 token errors): one table on the machine kernel whose states carry their data.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoctorInfo } from '../../../src/shared/api/account';
import { IllegalTransitionError } from '../../../src/shared/machine';
import {
  canEnterPortal,
  createSessionStore,
  SESSION_MOVES,
  type SessionEvent,
  type SessionPhase,
} from '../../../src/app/session/session-store';
import { personas } from '../../../fixtures';
import { createPortalRoot } from '../../../src/app/root/portal-root';
import { memoryDraftStore } from '../../../src/app/session/draft-store';
import { rememberReturnPath, takeReturnPath } from '../../../src/app/storage/return-path';

const AMELIA = personas.providers.find((p) => p.key === 'amelia')!;
const amelia = { userId: 1, chatId: AMELIA.chatId, name: AMELIA.name, country: 'GB' } as DoctorInfo;

/** A browser's local storage and cookies, as the store writes them (the unit project runs in Node). */
function browserStorage() {
  const items = new Map<string, string>();
  const localStorage = {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
  // Stubbed, not replaced: the unit project shares its workers' globals (isolate: false), and other
  // files there have a DOM of their own.
  vi.stubGlobal('window', {
    localStorage,
    sessionStorage: { clear: () => undefined },
    location: { protocol: 'http:' },
  });
  vi.stubGlobal('document', { cookie: '' });
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the portal session (spec §5 guard)', () => {
  it('opens the portal only when signed in, not while the agreement is due', () => {
    expect(canEnterPortal({ phase: 'signed in', token: 'abc', userInfo: amelia })).toBe(true);
    expect(canEnterPortal({ phase: 'agreement due', token: 'abc', userInfo: amelia })).toBe(false);
    expect(canEnterPortal({ phase: 'signed out', onPurpose: false })).toBe(false);
  });

  it('signs in, keeps her login info, and ends on purpose with storage cleared (spec §3, §8)', () => {
    const items = browserStorage();
    items.set('language', 'de');
    const session = createSessionStore(() => 1_000);
    expect(session.state.session).toEqual({ phase: 'signed out', onPurpose: false });
    const ended: string[] = [];
    session.onEnd(() => ended.push(session.state.session.phase));

    session.start('token-a', amelia, { autoLogoffSeconds: 900 });
    expect(session.state.session).toEqual({ phase: 'signed in', token: 'token-a', userInfo: amelia });
    expect([session.state.token, session.state.userInfo]).toEqual(['token-a', amelia]);
    expect(items.get('authToken')).toBe('token-a');
    expect(items.get('agreementProtocol')).toBe('1');
    expect(JSON.parse(items.get('userInfo')!)).toEqual(amelia);

    session.updateUserInfo({ ...amelia, country: 'DE' });
    expect(session.state.userInfo?.country).toBe('DE');

    session.end({ onPurpose: true });
    expect(session.state.session).toEqual({ phase: 'signed out', onPurpose: true });
    expect([session.state.token, session.state.userInfo]).toEqual([null, null]);
    expect(ended).toEqual(['signed out']);
    // What is left: her language, and when she signed out on purpose (storage/return-path.ts).
    expect([...items.keys()]).toEqual(['language', 'returnAfterSignIn.signedOut']);
  });

  it('leaves no page to return to after an end on purpose, whoever ends it, and keeps them after any other', () => {
    browserStorage();
    let clock = 1_000;
    const session = createSessionStore(() => clock);
    // Signing out and closing the account both end the session on purpose (features/auth,
    // features/account): the page another tab was on before it is not returned to.
    session.start('token-a', amelia);
    rememberReturnPath(amelia.userId, '/reports/detail?id=7', { id: 'tab-1', visible: true, at: 900 });
    session.end({ onPurpose: true });
    rememberReturnPath(amelia.userId, '/calendar', { id: 'tab-2', visible: true, at: 950 });
    expect(takeReturnPath(amelia.userId)).toBeNull();

    // The automatic logoff and a token error end it otherwise: she returns to her page.
    clock = 2_000;
    session.start('token-b', amelia);
    session.end();
    rememberReturnPath(amelia.userId, '/message', { id: 'tab-3', visible: true, at: 1_900 });
    expect(takeReturnPath(amelia.userId)).toBe('/message');
  });

  it('keeps the portal closed until she agrees, across a reload', () => {
    const items = browserStorage();
    const session = createSessionStore();
    session.start('token-a', amelia, { agreementDue: true });
    expect(session.state.session.phase).toBe('agreement due');
    expect(items.get('agreementProtocol')).toBe('0');

    const reloaded = createSessionStore();
    expect(reloaded.state.session).toEqual({ phase: 'agreement due', token: 'token-a', userInfo: amelia });
    reloaded.agree();
    expect(reloaded.state.session).toEqual({ phase: 'signed in', token: 'token-a', userInfo: amelia });
    expect(items.get('agreementProtocol')).toBe('1');
    expect(createSessionStore().state.session.phase).toBe('signed in');
  });

  it('finds no session in a token without login info', () => {
    const items = browserStorage();
    items.set('authToken', 'token-a');
    expect(createSessionStore().state.session).toEqual({ phase: 'signed out', onPurpose: false });
  });

  it('refuses to agree without a session due for it, and keeps an ended session ended', () => {
    browserStorage();
    const session = createSessionStore();
    expect(() => session.agree()).toThrow(IllegalTransitionError);
    session.start('token-a', amelia);
    expect(() => session.agree()).toThrow(
      expect.objectContaining({ machine: 'portal session', state: 'signed in', event: 'agree' }),
    );
    session.end();
    // Login info and a token error that outlived the session change nothing.
    session.updateUserInfo(amelia);
    session.end();
    expect(session.state.session).toEqual({ phase: 'signed out', onPurpose: false });
  });

  it('has a move for every event from every state, or refuses it', () => {
    const phases = Object.keys(SESSION_MOVES) as SessionPhase[];
    const events: SessionEvent[] = ['sign in', 'sign in, agreement due', 'agree', 'refresh', 'end'];
    const refused = phases.flatMap((phase) =>
      events
        .filter((event) => SESSION_MOVES[phase][event] === undefined)
        .map((event) => `${phase}: ${event}`),
    );
    expect(refused).toEqual(['signed out: agree', 'agreement due: refresh', 'signed in: agree']);
  });
});

describe('the portal root at a sign-in (spec §8 messages)', () => {
  it('takes away the errors of the tries before a session starts, and keeps other messages', async () => {
    browserStorage();
    const root = createPortalRoot({
      navigation: { toLogin: () => undefined, leaveReport: () => undefined },
      later: () => undefined,
      draftStore: memoryDraftStore,
    });
    root.toasts.show('The email or password is incorrect');
    root.toasts.show('You were signed out after 15 minutes without activity.', 'info');
    root.session.start('token-a', amelia);
    await vi.waitFor(
      () =>
        expect(root.toasts.state.items.map((t) => t.text)).toEqual([
          'You were signed out after 15 minutes without activity.',
        ]),
      { timeout: 30_000 },
    );
    // Errors while signed in stay: only a session's start makes them stale.
    root.toasts.show('That did not work. Please try again.');
    await Promise.resolve();
    root.session.updateUserInfo(amelia);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.toasts.state.items).toHaveLength(2);
  });
});
