/**
 * The dialog list, owned by the chat store, is asked anew after a change (a dialog created from the /message?userId= deep
 * link, spec §2): a list request already under way, answered from before the change, must not be
 * what the refresh returns. A member's message that the list already counts is counted once,
 * whether the list is answered before or after the message arrives live (spec §1 red dots).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderDialog } from '../../../../src/shared';
import { createChatStore, type ChatStore } from '../../../../src/app/features/chat/chat-store';
import { joinRooms, refreshDialogs, wireRoomsFollowList } from '../../../../src/app/features/chat/chat-sync';
import { entry } from './entry-fixture';

type Runtime = Parameters<typeof joinRooms>[1];

/** The list requests asked of the server (spec §7 getDialogs), each answered when the test says. */
let answers: Array<{ resolve(v: { total: number; items: ProviderDialog[] }): void; reject?(e: Error): void }>;
const roomJid = (id: string) => `1001_${id}@muc.localhost`;
let store: ChatStore;

const refresh = () =>
  refreshDialogs(
    store,
    () =>
      new Promise((resolve) => {
        answers.push({ resolve });
      }),
  );

const withEmma: ProviderDialog = {
  dialogId: '5f0c1a2b3c4d5e6f7a8b9c0d',
  type: 3,
  name: 'Emma Laurent',
  photo: null,
  xmppRoomJid: null,
  occupantIds: [100010, 200005],
  client: null,
  lastMessage: null,
  lastMessageId: null,
  lastMessageDateSent: null,
  lastMessageUserId: null,
  lastMessageCall: null,
  unreadMessagesCount: 0,
  createdAt: '2026-11-22T04:18:21.000Z',
};

beforeEach(() => {
  answers = [];
  store = createChatStore(() => undefined);
});

describe('refreshDialogs', () => {
  it('does not take the answer of a list request that was already under way', async () => {
    store.setMe(100010);
    // The screen's own list request, sent before the dialog was created.
    const earlier = refresh();
    await vi.waitFor(() => expect(answers).toHaveLength(1), { timeout: 30_000 });

    const refreshed = refresh();
    await vi.waitFor(() => expect(answers).toHaveLength(2), { timeout: 30_000 });
    answers[0]!.resolve({ total: 0, items: [] });
    answers[1]!.resolve({ total: 1, items: [withEmma] });
    await refreshed;
    await earlier;

    expect(store.state.dialogs[withEmma.dialogId]?.name).toBe('Emma Laurent');
    expect(store.state.dialogList).toBe('listed');
  });

  it('waits for the list of a newer refresh that cancelled its request, quietly', async () => {
    store.setMe(100010);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // The login's refresh, then one started by a message for a dialog not listed yet.
      let loginRefreshDone = false;
      const login = refresh().then(() => {
        loginRefreshDone = true;
      });
      await vi.waitFor(() => expect(answers).toHaveLength(1), { timeout: 30_000 });
      const byMessage = refresh();
      await vi.waitFor(() => expect(answers).toHaveLength(2), { timeout: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // What follows the login's refresh (joining the rooms) must see the list: it waits.
      expect(loginRefreshDone).toBe(false);
      answers[1]!.resolve({ total: 1, items: [withEmma] });
      await login;
      expect(store.state.dialogs[withEmma.dialogId]?.name).toBe('Emma Laurent');
      await byMessage;
      expect(answers).toHaveLength(2);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  describe('room occupants', () => {
    const group = (dialogId: string): ProviderDialog => ({ ...withEmma, dialogId, type: 2, name: 'Circle' });

    /** A runtime in rooms `joinedRooms`, whose joins are recorded; the dialog list holds `dialog`. */
    async function listed(
      dialog: ProviderDialog,
      muc: {
        joinedRooms: string[];
        listOnlineUsers(id: string, joins: string[]): Promise<number[]>;
      },
    ) {
      const joins: string[] = [];
      const runtime = {
        me: 100010,
        chat: {
          joinedRooms: muc.joinedRooms,
          helpers: { roomJid },
          muc: {
            // A room we are in is not joined again (src/xmpp/muc/muc.ts).
            join: async (id: string) => void (muc.joinedRooms.includes(roomJid(id)) || joins.push(id)),
            listOnlineUsers: (id: string) => muc.listOnlineUsers(id, joins),
          },
        },
      } as unknown as Runtime;
      const refreshed = refresh();
      await vi.waitFor(() => expect(answers).toHaveLength(1), { timeout: 30_000 });
      answers[0]!.resolve({ total: 1, items: [dialog] });
      await refreshed;
      return { runtime, joins };
    }

    it('are listed once the room’s join is done', async () => {
      const circle = group('5f0c1a2b3c4d5e6f7a8b9c0e');
      const { runtime, joins } = await listed(circle, {
        joinedRooms: [],
        // Only an occupant may ask: answered only after the join.
        listOnlineUsers: async (id, joins) => (joins.includes(id) ? [100010, 200005] : []),
      });
      await joinRooms(store, runtime);
      expect(joins).toEqual([circle.dialogId]);
      expect(store.state.occupants[circle.dialogId]).toEqual([100010, 200005]);
    });

    it('are listed afresh in a room the stack joined again after a drop', async () => {
      const circle = group('5f0c1a2b3c4d5e6f7a8b9c0f');
      const { runtime, joins } = await listed(circle, {
        joinedRooms: [roomJid(circle.dialogId)],
        // Bianca left while the connection was down; no presence told of it.
        listOnlineUsers: async () => [100010],
      });
      store.setOccupants(circle.dialogId, [100010, 200006]);
      await joinRooms(store, runtime);
      expect(joins).toEqual([]);
      expect(store.state.occupants[circle.dialogId]).toEqual([100010]);
    });
  });

  describe('a list that failed', () => {
    const circle: ProviderDialog = {
      ...withEmma,
      dialogId: '5f0c1a2b3c4d5e6f7a8b9c11',
      type: 2,
      name: 'Circle',
    };
    let warn: ReturnType<typeof vi.spyOn>;
    beforeEach(() => {
      warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      return () => warn.mockRestore();
    });

    /** Answers the next list request: the circle, or a failure. */
    async function answer(outcome: 'circle' | 'error', refreshed: Promise<void>) {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0), { timeout: 30_000 });
      const next = answers.shift()!;
      if (outcome === 'circle') next.resolve({ total: 1, items: [circle] });
      else next.reject!(new Error('503'));
      await refreshed;
    }

    const refreshOrFail = () =>
      refreshDialogs(
        store,
        () =>
          new Promise((resolve, reject) => {
            answers.push({ resolve, reject });
          }),
      );

    /** A running chat that records the rooms it joins; `resume()` is its stream resumed (XEP-0198). */
    function chatRuntime() {
      const joins: string[] = [];
      const joinedRooms: string[] = [];
      const underWay = new Map<string, Promise<void>>();
      const resumed = new Set<() => void>();
      const runtime = {
        me: 100010,
        chat: {
          isConnected: true,
          session: {
            on: (event: string, listener: () => void) => {
              if (event === 'resumed') resumed.add(listener);
              return () => resumed.delete(listener);
            },
          },
          joinedRooms,
          helpers: { roomJid },
          muc: {
            // As the stack does (src/xmpp/muc/muc.ts): one join per room, whose answer comes a
            // moment later; a room we are in answers at once.
            join: (id: string) => {
              const room = roomJid(id);
              if (joinedRooms.includes(room)) return Promise.resolve();
              if (!underWay.has(room)) {
                joins.push(id);
                const answered = new Promise((resolve) => setTimeout(resolve, 1)).then(() => {
                  joinedRooms.push(room);
                  underWay.delete(room);
                });
                underWay.set(room, answered);
              }
              return underWay.get(room);
            },
            // Only an occupant may ask (XEP-0045 §6.5).
            listOnlineUsers: async (id: string) => (joinedRooms.includes(roomJid(id)) ? [100010] : []),
          },
        },
      } as unknown as Runtime;
      const resume = () => {
        for (const listener of resumed) listener();
      };
      return {
        runtime,
        joins,
        joinedRooms,
        resume,
        chat: (runtime as unknown as { chat: { isConnected: boolean } }).chat,
      };
    }

    it('shows as failed, then as loading while it is asked again, then listed', async () => {
      await answer('error', refreshOrFail());
      expect(store.state.dialogList).toBe('failed');
      const again = refreshOrFail();
      expect(store.state.dialogList).toBe('loading');
      await answer('circle', again);
      expect(store.state.dialogList).toBe('listed');
      expect(store.state.dialogs[circle.dialogId]?.name).toBe('Circle');
    });

    it('has its rooms joined once a later listing comes, when the login’s failed', async () => {
      const { runtime, joins } = chatRuntime();
      const unwire = wireRoomsFollowList(store, runtime);
      try {
        // The login's listing fails: it knows no room to join.
        await answer('error', refreshOrFail());
        await joinRooms(store, runtime);
        expect(joins).toEqual([]);
        // The provider's retry lists the circle: its room is joined.
        await answer('circle', refreshOrFail());
        await vi.waitFor(() => expect(joins).toEqual([circle.dialogId]), { timeout: 30_000 });
      } finally {
        unwire();
      }
    });

    it('has its rooms joined when the stream resumes, when the listing came while it was down', async () => {
      const { runtime, joins, resume, chat } = chatRuntime();
      const unwire = wireRoomsFollowList(store, runtime);
      try {
        await answer('error', refreshOrFail());
        chat.isConnected = false;
        await answer('circle', refreshOrFail());
        expect(joins).toEqual([]);
        chat.isConnected = true;
        resume();
        await vi.waitFor(() => expect(joins).toEqual([circle.dialogId]), { timeout: 30_000 });
        resume();
        expect(joins).toEqual([circle.dialogId]);
      } finally {
        unwire();
      }
    });

    it('joins each room once when the login’s listing came and the login joins them too', async () => {
      const { runtime, joins } = chatRuntime();
      const unwire = wireRoomsFollowList(store, runtime);
      try {
        await answer('circle', refreshOrFail());
        await joinRooms(store, runtime);
        await new Promise((resolve) => setTimeout(resolve, 20));
        // The stack sends one join per room, however many ask (tests/unit/xmpp/muc.test.ts).
        expect(joins).toEqual([circle.dialogId]);
        expect(store.state.occupants[circle.dialogId]).toEqual([100010]);
      } finally {
        unwire();
      }
    });

    it('has the room of a group that a later listing brings joined', async () => {
      const { runtime, joins } = chatRuntime();
      const unwire = wireRoomsFollowList(store, runtime);
      try {
        const listing = refreshOrFail();
        await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0), { timeout: 30_000 });
        answers.shift()!.resolve({ total: 1, items: [withEmma] });
        await listing;
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(joins).toEqual([]);
        // A member created the circle while she was signed in; a later listing brings it.
        await answer('circle', refreshOrFail());
        await vi.waitFor(() => expect(joins).toEqual([circle.dialogId]), { timeout: 30_000 });
        await vi.waitFor(() => expect(store.state.occupants[circle.dialogId]).toEqual([100010]), {
          timeout: 30_000,
        });
      } finally {
        unwire();
      }
    });

    it('joins again, when the stream resumes, a room whose join failed', async () => {
      const { runtime, joins, chat, resume } = chatRuntime();
      const muc = (chat as unknown as { muc: { join(id: string): Promise<void> } }).muc;
      const join = muc.join;
      // The stream dropped while the join waited: it timed out (src/xmpp/muc/muc.ts).
      muc.join = () => Promise.reject(new Error('Timed out'));
      const unwire = wireRoomsFollowList(store, runtime);
      try {
        await answer('circle', refreshOrFail());
        await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 30_000 });
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(joins).toEqual([]);
        muc.join = join;
        resume();
        await vi.waitFor(() => expect(joins).toEqual([circle.dialogId]), { timeout: 30_000 });
      } finally {
        unwire();
      }
    });

    it('does not join again a room she was removed from when it is listed again', async () => {
      const { runtime, joins, joinedRooms } = chatRuntime();
      const unwire = wireRoomsFollowList(store, runtime);
      try {
        await answer('circle', refreshOrFail());
        await vi.waitFor(() => expect(joins).toEqual([circle.dialogId]), { timeout: 30_000 });
        // Status 301: the stack took the room out of its joined set (spec §4 Rooms).
        joinedRooms.length = 0;
        await answer('circle', refreshOrFail());
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(joins).toEqual([circle.dialogId]);
      } finally {
        unwire();
      }
    });
  });

  describe('a member message the list already counts', () => {
    const ME = 100010;
    const message = entry('6a1f00000000000000000001', {
      dialogId: withEmma.dialogId,
      senderId: 200005,
      serverDate: 1_795_000_000,
    });
    const counted: ProviderDialog = {
      ...withEmma,
      lastMessage: message.body,
      lastMessageId: message.id,
      lastMessageDateSent: message.serverDate,
      unreadMessagesCount: 1,
    };
    it('is counted once when the list is answered before the live message', async () => {
      store.setMe(ME);
      const refreshed = refresh();
      await vi.waitFor(() => expect(answers).toHaveLength(1), { timeout: 30_000 });
      answers[0]!.resolve({ total: 1, items: [counted] });
      await refreshed;
      store.addEntries(withEmma.dialogId, [message], { live: true });
      expect(store.state.dialogs[withEmma.dialogId]?.unread).toBe(1);
    });

    it('is counted once when the list is answered after the live message', async () => {
      store.setMe(ME);
      const refreshed = refresh();
      await vi.waitFor(() => expect(answers).toHaveLength(1), { timeout: 30_000 });
      store.addEntries(withEmma.dialogId, [message], { live: true });
      answers[0]!.resolve({ total: 1, items: [counted] });
      await refreshed;
      expect(store.state.dialogs[withEmma.dialogId]?.unread).toBe(1);
    });
  });
});
