/**
 * Where the provider was when the automatic logoff signed her out (docs/security.md "Automatic
 * logoff"): signing in again as her returns there, with what she had not saved offered back.
 * Every tab is signed out at once and each writes where it was under a key of its own, so no tab
 * reads and rewrites another's record (local storage is shared by tabs in other processes, and a
 * read-then-write of one key lost a tab's record under load). The sign-in reads them all once and
 * picks: the tab in view over hidden ones, and among those alike the one she used last. The
 * session's end keeps these keys when it clears local storage (spec §8, local-storage.ts).
 * Signing out on purpose leaves no page to return to (docs/security.md "Automatic logoff"): it
 * forgets the records and notes when she left, so a record another tab writes later for a page she
 * was on before (that tab hears of the end only with its next call, or ends by its own clock) is
 * not taken either.
 */
import { browserLocalStorage } from './browser-local';

export const RETURN_PATH_KEY = 'returnAfterSignIn';
const TAB_KEY_PREFIX = `${RETURN_PATH_KEY}.`;
/** When she last signed out on purpose, and who she is. */
const SIGNED_OUT_KEY = `${TAB_KEY_PREFIX}signedOut`;

interface Saved {
  owner: number;
  path: string;
  /** The tab was in view. */
  visible: boolean;
  /** The provider's last input in that tab (ms since the epoch). */
  at: number;
}

/** Where one tab was at the logoff: `id` names the tab (one per page load). */
export interface TabPlace {
  id: string;
  visible: boolean;
  at: number;
}

/** A key a record of the return path is kept under (the bare key is an earlier build's). */
export function isReturnPathKey(key: string): boolean {
  return key === RETURN_PATH_KEY || key.startsWith(TAB_KEY_PREFIX);
}

/** A name for this tab's record, different in every tab. */
export function newTabId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function parse(raw: string | null): Saved | null {
  try {
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

function recordKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key !== null && isReturnPathKey(key)) keys.push(key);
  }
  return keys;
}

function parseSignedOut(raw: string | null): { owner: number; at: number } | null {
  try {
    const saved = raw ? (JSON.parse(raw) as Partial<Saved>) : null;
    return saved && typeof saved.owner === 'number' && typeof saved.at === 'number'
      ? { owner: saved.owner, at: saved.at }
      : null;
  } catch {
    return null;
  }
}

/** `a` is the better place to return to than `b`. */
const better = (a: Saved, b: Saved): boolean => (a.visible !== b.visible ? a.visible : a.at > b.at);

export function rememberReturnPath(owner: number, path: string, tab: TabPlace): void {
  const { id, visible, at } = tab;
  browserLocalStorage()?.setItem(`${TAB_KEY_PREFIX}${id}`, JSON.stringify({ owner, path, visible, at }));
}

/** `owner` signed out on purpose at `at`: no page she was on until then is returned to. */
export function forgetReturnPaths(owner: number, at: number): void {
  const store = browserLocalStorage();
  if (!store) return;
  for (const key of recordKeys(store)) store.removeItem(key);
  store.setItem(SIGNED_OUT_KEY, JSON.stringify({ owner, at }));
}

/** The page to return to if `owner` is who was signed out there (and forgets every record). */
export function takeReturnPath(owner: number): string | null {
  const store = browserLocalStorage();
  if (!store) return null;
  const signedOut = parseSignedOut(store.getItem(SIGNED_OUT_KEY));
  const left = (saved: Saved) => signedOut?.owner === saved.owner && saved.at <= signedOut.at;
  let best: Saved | null = null;
  for (const key of recordKeys(store)) {
    const saved = parse(store.getItem(key));
    store.removeItem(key);
    if (saved?.owner === owner && !left(saved) && (!best || better(saved, best))) best = saved;
  }
  return best?.path ?? null;
}
