/**
 * Browser storage exactly as spec §3 names it. Local storage: `language`, `agreementProtocol`,
 * `chatAccountInfo` (chat account info), `userInfo` (JSON login info), `authToken`. Cookies:
 * `authToken`, `advisorVersion`.
 */
import { browserLocalStorage } from './browser-local';
import { isReturnPathKey } from './return-path';

export const STORAGE_KEYS = [
  'language',
  'agreementProtocol',
  'chatAccountInfo',
  'userInfo',
  'authToken',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

export const storage = {
  get(key: StorageKey): string | null {
    return browserLocalStorage()?.getItem(key) ?? null;
  },
  set(key: StorageKey, value: string): void {
    browserLocalStorage()?.setItem(key, value);
  },
  remove(key: StorageKey): void {
    browserLocalStorage()?.removeItem(key);
  },
  getJson<T>(key: StorageKey): T | null {
    const raw = this.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: StorageKey, value: unknown): void {
    this.set(key, JSON.stringify(value));
  },
};

export const COOKIE_AUTH_TOKEN = 'authToken';
export const COOKIE_ADVISOR_VERSION = 'advisorVersion';

export function setCookie(name: string, value: string, maxAgeSeconds = 30 * 86400): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function clearCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function getCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * Spec §8 on a token error: clear local and session storage and the auth cookie. The language
 * is a preference of the browser, not of the session, so it survives; so do the records of where
 * the automatic logoff took the provider from, which other tabs may be writing at this moment
 * (return-path.ts): they are left alone rather than read and written back, which lost one written
 * in between.
 */
export function clearSessionStorage(): void {
  const language = storage.get('language');
  const store = browserLocalStorage();
  if (store) {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) keys.push(store.key(index) ?? '');
    for (const key of keys) if (!isReturnPathKey(key)) store.removeItem(key);
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // Session storage unavailable (private mode): nothing to clear.
  }
  clearCookie(COOKIE_AUTH_TOKEN);
  if (language) storage.set('language', language);
}
