/**
 * The chat when its page is hidden, frozen or left (src/app/connections/chat/page-lifecycle.ts):
 * everything received is acknowledged at once; a page unloaded for good leaves the shared
 * connection (closing its stream if it held it); one kept in the back/forward cache or frozen
 * lets it go until it is back.
 */
import { describe, expect, it } from 'vitest';
import { wirePageLifecycle } from '../../../../src/app/connections/chat/page-lifecycle';

function fakePage() {
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const page = Object.assign(new EventTarget(), { document });
  const calls: string[] = [];
  const chat = {
    acknowledge: () => void calls.push('acknowledge'),
    disconnect: () => {
      calls.push('disconnect');
      return Promise.resolve();
    },
    suspend: () => void calls.push('suspend'),
    resume: () => void calls.push('resume'),
  };
  const pagehide = (persisted: boolean) =>
    page.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));
  const pageshow = (persisted: boolean) =>
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
  return { page: page as unknown as Window, document, calls, chat, pagehide, pageshow };
}

describe('the chat and the page lifecycle', () => {
  it('acknowledges when the page is hidden, and lets the connection go while it is frozen', () => {
    const { page, document, calls, chat } = fakePage();
    wirePageLifecycle(chat, page);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual([]);
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('freeze'));
    expect(calls).toEqual(['acknowledge', 'acknowledge', 'suspend']);
    document.dispatchEvent(new Event('resume'));
    expect(calls.at(-1)).toBe('resume');
  });

  it('leaves when the page is left for good; into the back/forward cache it lets go until shown again', () => {
    const { page, calls, chat, pagehide, pageshow } = fakePage();
    wirePageLifecycle(chat, page);
    pagehide(true);
    expect(calls).toEqual(['acknowledge', 'suspend']);
    pageshow(false);
    expect(calls).toEqual(['acknowledge', 'suspend']);
    pageshow(true);
    expect(calls).toEqual(['acknowledge', 'suspend', 'resume']);
    pagehide(false);
    expect(calls).toEqual(['acknowledge', 'suspend', 'resume', 'acknowledge', 'disconnect']);
  });

  it('stops listening when unwired', () => {
    const { page, calls, chat, pagehide } = fakePage();
    wirePageLifecycle(chat, page)();
    pagehide(false);
    expect(calls).toEqual([]);
  });
});

describe('a page left with work of its own (a call)', () => {
  it('lets it finish while the chat is still there, whether left for good or into the cache', () => {
    const { page, calls, chat, pagehide, pageshow } = fakePage();
    wirePageLifecycle(chat, page, () => void calls.push('page left'));
    pagehide(true);
    expect(calls).toEqual(['page left', 'acknowledge', 'suspend']);
    pageshow(true);
    pagehide(false);
    expect(calls.slice(3)).toEqual(['resume', 'page left', 'acknowledge', 'disconnect']);
  });
});
