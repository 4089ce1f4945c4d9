/**
 * The message log (spec §4 Messaging, features/chat/message-log.tsx) against a test portal
 * runtime: the conversation's messages in order with their ticks, a member's message seen in the
 * log is marked read through the running chat's outbox (a read marker, spec §3 "wait for send"),
 * also when its row turns unread while already on screen, a message taller than twice the pane
 * once it fills half of the pane, and nothing is marked read while there is no running chat.
 */
import type { ComponentProps } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageLog } from '../../src/app/features/chat/message-log';
import { entry } from '../unit/app/chat/entry-fixture';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

const ME = 100010;
const MEMBER = 200005;
const DIALOG = '5f0c1a2b3c4d5e6f7a8b9c0d';
const MINE = '6a1f00000000000000000001';
const THEIRS = '6a1f00000000000000000002';
const LONG = '6a1f00000000000000000003';
/** The pane's height in the component layer (tests/component/setup.ts). */
const PANE = 600;

/** A test runtime whose chat store holds the conversation with Emma: ours read, hers unread. */
function withConversation() {
  const runtime = createTestRuntime();
  const { chatStore } = runtime;
  chatStore.setMe(ME);
  chatStore.seedDialogs([
    {
      id: DIALOG,
      type: 3,
      name: 'Emma Laurent',
      avatar: null,
      clientChatId: MEMBER,
      occupantIds: [ME, MEMBER],
      lastMessage: null,
      lastMessageId: null,
      lastMessageAt: null,
      lastCall: null,
      unread: 1,
    },
  ]);
  chatStore.addEntries(DIALOG, [
    entry(MINE, {
      dialogId: DIALOG,
      senderId: ME,
      body: 'Your results are in',
      readBy: [MEMBER],
      sentAt: 1_000,
    }),
    entry(THEIRS, { dialogId: DIALOG, senderId: MEMBER, body: 'Thank you!', sentAt: 2_000 }),
  ]);
  chatStore.setHistoryState(DIALOG, { loaded: true, hasOlder: false });
  return runtime;
}

/** The log of the conversation with Emma as the Messages screen renders it, for the user `me`. */
function logOf(
  runtime: ReturnType<typeof withConversation>,
  chat: ComponentProps<typeof MessageLog>['chat'],
  me: number | null = ME,
) {
  return (
    <MessageLog
      chat={chat}
      dialogId={DIALOG}
      label="Conversation with Emma Laurent"
      conversation={runtime.chatStore.state.conversations[DIALOG]!}
      me={me}
      group={false}
    />
  );
}

function renderLog(
  runtime = withConversation(),
  chat: ComponentProps<typeof MessageLog>['chat'] = runtime.signInChat(ME),
) {
  renderWithRuntime(logOf(runtime, chat), runtime);
  return runtime;
}

/**
 * An IntersectionObserver that measures, as Chromium does: a row is reported intersecting once the
 * share of it inside the pane (0 to PANE px, tests/component/setup.ts) reaches the observer's
 * lowest threshold, and again whenever its threshold changes on `recheck`.
 */
class MeasuringIntersectionObserver {
  static all: MeasuringIntersectionObserver[] = [];
  private readonly lowest: number;
  private readonly watched = new Map<Element, boolean>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.lowest = Math.min(...[options.threshold ?? 0].flat());
    MeasuringIntersectionObserver.all.push(this);
  }
  private measure(target: Element) {
    const box = target.getBoundingClientRect();
    const visible = Math.max(0, Math.min(box.bottom, PANE) - Math.max(box.top, 0));
    const intersectionRatio = visible / box.height;
    return { target, intersectionRatio, isIntersecting: visible > 0 && intersectionRatio >= this.lowest };
  }
  observe(target: Element): void {
    this.watched.set(target, false);
    this.recheck();
  }
  recheck(): void {
    const changed = [...this.watched].flatMap(([target, was]) => {
      const now = this.measure(target);
      this.watched.set(target, now.isIntersecting);
      return now.isIntersecting === was ? [] : [now as unknown as IntersectionObserverEntry];
    });
    if (changed.length > 0)
      queueMicrotask(() => this.callback(changed, this as unknown as IntersectionObserver));
  }
  unobserve(target: Element): void {
    this.watched.delete(target);
  }
  disconnect(): void {
    this.watched.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  MeasuringIntersectionObserver.all = [];
});

describe('the message log', () => {
  it('shows the conversation in order, ours with its tick', async () => {
    renderLog();
    const log = screen.getByRole('log', { name: 'Conversation with Emma Laurent' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first!.textContent).toContain('Your results are in');
    expect(within(first!).getByRole('img', { name: 'Read' })).toBeTruthy();
    expect(second!.textContent).toContain('Thank you!');
  });

  it('is reached by the keyboard, by its name, to scroll it (axe: scrollable-region-focusable)', () => {
    renderLog();
    const log = screen.getByRole('log', { name: 'Conversation with Emma Laurent' });
    expect(log.getAttribute('tabindex')).toBe('0');
  });

  it('marks the member’s message read once seen, through the outbox', async () => {
    const runtime = renderLog();
    await waitFor(() =>
      expect(runtime.sent).toEqual([{ kind: 'read', messageId: THEIRS, userId: MEMBER, dialogId: DIALOG }]),
    );
    expect(runtime.chatStore.state.dialogs[DIALOG]!.unread).toBe(0);
  });

  it('marks a message read that became unread while on screen: the chat user known after it was seen', async () => {
    const runtime = withConversation();
    runtime.chatStore.setMe(null);
    const chat = runtime.signInChat(ME);
    const { rerender } = renderWithRuntime(logOf(runtime, chat, null), runtime);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    // On screen, but nobody's messages can be told unread yet: nothing is marked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runtime.sent).toEqual([]);
    // Her message's row turns unread where it is; its visibility does not change.
    runtime.chatStore.setMe(ME);
    rerender(logOf(runtime, chat));
    await waitFor(() =>
      expect(runtime.sent).toEqual([{ kind: 'read', messageId: THEIRS, userId: MEMBER, dialogId: DIALOG }]),
    );
  });

  it('marks nothing read without a running chat', async () => {
    const runtime = renderLog(withConversation(), null);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(runtime.sent).toEqual([]);
    expect(runtime.chatStore.state.dialogs[DIALOG]!.unread).toBe(1);
  });

  it('marks a message taller than twice the pane read once it fills half of the pane', async () => {
    const runtime = createTestRuntime();
    runtime.chatStore.setMe(ME);
    runtime.chatStore.seedDialogs([{ ...withConversation().chatStore.state.dialogs[DIALOG]!, unread: 1 }]);
    runtime.chatStore.addEntries(DIALOG, [
      entry(LONG, {
        dialogId: DIALOG,
        senderId: MEMBER,
        body: 'A long history. '.repeat(320),
        sentAt: 2_000,
      }),
    ]);
    runtime.chatStore.setHistoryState(DIALOG, { loaded: true, hasOlder: false });
    // Three panes high: never half on screen. First its top 100 px show at the pane's bottom.
    const long = { top: PANE - 100, height: 3 * PANE };
    const laidOut = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.entry !== LONG) return laidOut.call(this);
      const { top, height } = long;
      return { x: 0, y: top, top, left: 0, width: 320, height, right: 320, bottom: top + height } as DOMRect;
    });
    vi.stubGlobal('IntersectionObserver', MeasuringIntersectionObserver);
    renderLog(runtime);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    // A sixth of the pane: not seen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runtime.sent).toEqual([]);
    // Scrolled down until it fills the whole pane, a third of it on screen.
    long.top = -PANE;
    for (const observer of MeasuringIntersectionObserver.all) observer.recheck();
    fireEvent.scroll(screen.getByRole('log'));
    await waitFor(() =>
      expect(runtime.sent).toEqual([{ kind: 'read', messageId: LONG, userId: MEMBER, dialogId: DIALOG }]),
    );
    expect(runtime.chatStore.state.dialogs[DIALOG]!.unread).toBe(0);
  });
});
