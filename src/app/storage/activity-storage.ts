/**
 * Browser storage of automatic logoff (docs/security.md "Automatic logoff"), beside the spec's
 * keys: the configured time the server announced at sign-in, when the sign-in was, and the last
 * activity of any tab (a `storage` event tells the other tabs of this browser).
 */
import { browserLocalStorage } from './browser-local';
import type { ActivityShare } from '../session/idle-clock';

const LOGOFF_KEY = 'autoLogoffSeconds';
const ACTIVITY_KEY = 'lastActivityAt';
const SIGNED_IN_KEY = 'signedInAt';
/** Spec default when the server did not say (docs/security.md "Automatic logoff"). */
export const DEFAULT_AUTO_LOGOFF_SECONDS = 15 * 60;

const positive = (raw: string | null | undefined): number | null => {
  const value = Number(raw);
  return raw && Number.isFinite(value) && value > 0 ? value : null;
};

export function autoLogoffSeconds(): number {
  return positive(browserLocalStorage()?.getItem(LOGOFF_KEY)) ?? DEFAULT_AUTO_LOGOFF_SECONDS;
}

export function rememberAutoLogoff(seconds: number, now: number): void {
  browserLocalStorage()?.setItem(LOGOFF_KEY, String(seconds));
  browserLocalStorage()?.setItem(ACTIVITY_KEY, String(now));
}

/** When the provider signed in on this browser (drafts older than it are offered back). */
export function rememberSignIn(at: number): void {
  browserLocalStorage()?.setItem(SIGNED_IN_KEY, String(at));
}

export function signedInAt(): number | null {
  return positive(browserLocalStorage()?.getItem(SIGNED_IN_KEY));
}

export const activityShare: ActivityShare = {
  read: () => positive(browserLocalStorage()?.getItem(ACTIVITY_KEY)),
  write: (at) => browserLocalStorage()?.setItem(ACTIVITY_KEY, String(at)),
  subscribe(listener) {
    const onStorage = (event: StorageEvent) => {
      const at = event.key === ACTIVITY_KEY ? positive(event.newValue) : null;
      if (at !== null) listener(at);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};
