/**
 * Where the provider was when the automatic logoff signed her out (docs/security.md "Automatic
 * logoff"): signing in again as her returns there, with what she had not saved offered back.
 * Written after the logoff cleared local storage (spec §8), which keeps it when another tab clears
 * it later (local-storage.ts); read once. Every tab is signed out
 * at once and each says where it was: the tab in view wins over hidden ones, and among those
 * alike the one she used last.
 */
export const RETURN_PATH_KEY = 'returnAfterSignIn';
const KEY = RETURN_PATH_KEY;

interface Saved {
  owner: number;
  path: string;
  /** The tab was in view. */
  visible: boolean;
  /** The provider's last input in that tab (ms since the epoch). */
  at: number;
}

function read(): Saved | null {
  try {
    const raw = local()?.getItem(KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<Saved>) : null;
    return saved &&
      typeof saved.owner === 'number' &&
      typeof saved.path === 'string' &&
      saved.path.startsWith('/')
      ? { owner: saved.owner, path: saved.path, visible: saved.visible === true, at: Number(saved.at) || 0 }
      : null;
  } catch {
    return null;
  }
}

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberReturnPath(owner: number, path: string, tab: { visible: boolean; at: number }): void {
  const earlier = read();
  const wins =
    !earlier ||
    earlier.owner !== owner ||
    (tab.visible && !earlier.visible) ||
    (tab.visible === earlier.visible && tab.at >= earlier.at);
  if (wins) local()?.setItem(KEY, JSON.stringify({ owner, path, ...tab }));
}

/** The page to return to if `owner` is who was signed out there (and forgets it either way). */
export function takeReturnPath(owner: number): string | null {
  const saved = read();
  local()?.removeItem(KEY);
  return saved?.owner === owner ? saved.path : null;
}
