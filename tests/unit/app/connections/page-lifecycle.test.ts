/**
 * The chat when its page is hidden, frozen or left (src/app/connections/chat/page-lifecycle.ts):
 * everything received is acknowledged at once; a page unloaded for good also closes its stream,
 * one kept in the back/forward cache does not.
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
  };
  const pagehide = (persisted: boolean) =>
    page.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));
  return { page: page as unknown as Window, document, calls, chat, pagehide };
}

describe('the chat and the page lifecycle', () => {
  it('acknowledges when the page is hidden or frozen, not when it is shown', () => {
    const { page, document, calls, chat } = fakePage();
    wirePageLifecycle(chat, page);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual([]);
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    document.dispatchEvent(new Event('freeze'));
    expect(calls).toEqual(['acknowledge', 'acknowledge']);
  });

  it('acknowledges and closes the stream when the page is left for good, only acknowledges into the back/forward cache', () => {
    const { page, calls, chat, pagehide } = fakePage();
    wirePageLifecycle(chat, page);
    pagehide(true);
    expect(calls).toEqual(['acknowledge']);
    pagehide(false);
    expect(calls).toEqual(['acknowledge', 'acknowledge', 'disconnect']);
  });

  it('stops listening when unwired', () => {
    const { page, calls, chat, pagehide } = fakePage();
    wirePageLifecycle(chat, page)();
    pagehide(false);
    expect(calls).toEqual([]);
  });
});
