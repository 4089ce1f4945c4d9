/**
 * Browser storage exactly as spec §3 names it. Local storage: `language`, `agreementProtocol`,
 * `chatAccountInfo` (chat account info), `userInfo` (JSON login info), `authToken`. Cookies:
 * `authToken`, `advisorVersion`.
 */
import { RETURN_PATH_KEY } from './return-path';

export const STORAGE_KEYS = [
  'language',
  'agreementProtocol',
  'chatAccountInfo',
  'userInfo',
  'authToken',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    return local()?.getItem(key) ?? null;
  },
  set(key: StorageKey, value: string): void {
    local()?.setItem(key, value);
  },
  remove(key: StorageKey): void {
    local()?.removeItem(key);
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
 * is a preference of the browser, not of the session, so it survives; so does the page the
 * automatic logoff took the provider from, which another tab may have written a moment before
 * (return-path.ts).
 */
export function clearSessionStorage(): void {
  const language = storage.get('language');
  const returnPath = local()?.getItem(RETURN_PATH_KEY) ?? null;
  local()?.clear();
  if (returnPath !== null) local()?.setItem(RETURN_PATH_KEY, returnPath);
  try {
    window.sessionStorage.clear();
  } catch {
    // Session storage unavailable (private mode): nothing to clear.
  }
  clearCookie(COOKIE_AUTH_TOKEN);
  if (language) storage.set('language', language);
}
