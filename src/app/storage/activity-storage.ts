/**
 * Browser storage of automatic logoff (docs/security.md "Automatic logoff"), beside the spec's
 * keys: the configured time the server announced at sign-in, when the sign-in was, and the last
 * activity of any tab (a `storage` event tells the other tabs of this browser).
 */
import type { ActivityShare } from '../session/idle-clock';

const LOGOFF_KEY = 'autoLogoffSeconds';
const ACTIVITY_KEY = 'lastActivityAt';
const SIGNED_IN_KEY = 'signedInAt';
/** Spec default when the server did not say (docs/security.md "Automatic logoff"). */
export const DEFAULT_AUTO_LOGOFF_SECONDS = 15 * 60;

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const positive = (raw: string | null | undefined): number | null => {
  const value = Number(raw);
  return raw && Number.isFinite(value) && value > 0 ? value : null;
};

export function autoLogoffSeconds(): number {
  return positive(local()?.getItem(LOGOFF_KEY)) ?? DEFAULT_AUTO_LOGOFF_SECONDS;
}

export function rememberAutoLogoff(seconds: number, now: number): void {
  local()?.setItem(LOGOFF_KEY, String(seconds));
  local()?.setItem(ACTIVITY_KEY, String(now));
}

/** When the provider signed in on this browser (drafts older than it are offered back). */
export function rememberSignIn(at: number): void {
  local()?.setItem(SIGNED_IN_KEY, String(at));
}

export function signedInAt(): number | null {
  return positive(local()?.getItem(SIGNED_IN_KEY));
}

export const activityShare: ActivityShare = {
  read: () => positive(local()?.getItem(ACTIVITY_KEY)),
  write: (at) => local()?.setItem(ACTIVITY_KEY, String(at)),
  subscribe(listener) {
    const onStorage = (event: StorageEvent) => {
      const at = event.key === ACTIVITY_KEY ? positive(event.newValue) : null;
      if (at !== null) listener(at);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};
