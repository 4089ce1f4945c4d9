/**
 * Signing in again after the automatic logoff returns the provider to the page she was on
 * (src/app/storage/return-path.ts, `targetAfterLogin` of the login route): hers only, once, and
 * never to a public page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionStorage } from '../../../src/app/storage/local-storage';
import {
  forgetReturnPaths,
  newTabId,
  rememberReturnPath,
  takeReturnPath,
} from '../../../src/app/storage/return-path';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the page to return to after the automatic logoff', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
    vi.stubGlobal('document', { cookie: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  let tabs = 0;
  const tab = (visible: boolean, at: number) => ({ id: `tab-${(tabs += 1)}`, visible, at });

  it('is hers, once', () => {
    rememberReturnPath(7, '/reports/detail?reportId=12', tab(true, 1));
    expect(takeReturnPath(8)).toBeNull();
    rememberReturnPath(7, '/reports/detail?reportId=12', tab(true, 1));
    expect(takeReturnPath(7)).toBe('/reports/detail?reportId=12');
    expect(takeReturnPath(7)).toBeNull();
  });

  it('is the page of the tab in view, or else of the tab she used last, whatever order they tell it in', () => {
    rememberReturnPath(7, '/reports/detail?reportId=12', tab(true, 100));
    rememberReturnPath(7, '/message', tab(false, 500));
    expect(takeReturnPath(7)).toBe('/reports/detail?reportId=12');
    rememberReturnPath(7, '/message', tab(false, 500));
    rememberReturnPath(7, '/calendar', tab(false, 200));
    expect(takeReturnPath(7)).toBe('/message');
    rememberReturnPath(7, '/message', tab(false, 500));
    rememberReturnPath(7, '/settings', tab(true, 300));
    expect(takeReturnPath(7)).toBe('/settings');
  });

  it("keeps every tab's record when the tabs write at once and the session's end clears storage between them", () => {
    // Each tab writes its own key: nothing reads another's record and writes it back.
    rememberReturnPath(7, '/reports/detail?reportId=12', tab(true, 300));
    clearSessionStorage();
    rememberReturnPath(7, '/message?userId=200005', tab(true, 100));
    clearSessionStorage();
    expect(window.localStorage.length).toBe(2);
    expect(takeReturnPath(7)).toBe('/reports/detail?reportId=12');
    expect(window.localStorage.length).toBe(0);
  });

  it('reads the record of an earlier build, kept under the bare key', () => {
    window.localStorage.setItem(
      'returnAfterSignIn',
      JSON.stringify({ owner: 7, path: '/calendar', visible: true, at: 1 }),
    );
    expect(takeReturnPath(7)).toBe('/calendar');
  });

  it('is none of the pages she was on before signing out on purpose, but a later logoff returns her', () => {
    rememberReturnPath(7, '/Dashboard/account-setting?tab=providerProfile&isEdit=1', tab(false, 100));
    forgetReturnPaths(7, 300);
    // A tab that hears of the end later records a page she left before it.
    rememberReturnPath(7, '/Dashboard/account-setting?tab=providerProfile&isEdit=1', tab(true, 200));
    expect(takeReturnPath(7)).toBeNull();
    forgetReturnPaths(7, 300);
    rememberReturnPath(7, '/message', tab(true, 400));
    expect(takeReturnPath(7)).toBe('/message');
    rememberReturnPath(7, '/calendar', tab(true, 100));
    expect(takeReturnPath(7)).toBe('/calendar');
  });

  it('names each tab apart', () => {
    expect(new Set(Array.from({ length: 50 }, newTabId)).size).toBe(50);
  });

  it('is a path of the portal, not an address elsewhere', () => {
    rememberReturnPath(7, 'https://elsewhere.example/', tab(true, 1));
    expect(takeReturnPath(7)).toBeNull();
  });
});
