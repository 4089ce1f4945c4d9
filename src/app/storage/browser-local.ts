/**
 * The page's local storage, or null where there is none (outside a browser, or a browser that
 * refuses it, such as a private window with storage off): every storage file of this folder reads
 * it through here, so none of them throws when it is missing.
 */
export function browserLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
