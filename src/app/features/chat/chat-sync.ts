/**
 * Keeping the portal in step with the chat service after each login: the dialog list and unread
 * counts, the blocked users (blocked.ts, spec §3), the group rooms (spec §4 Rooms), the history
 * of open conversations after a reconnect (docs/lessons.md §4), and what waited in the outbox.
 */
import { subscribe } from 'valtio/vanilla';
import type { ProviderDialog } from '../../../shared/api/chat';
import { isPrivateDialog } from '../../../shared/dialog-type';
import type { ChatRuntime } from '../../connections';
import { loadBlocked } from './blocked';
import type { ChatStore } from './chat-store';
import type { DialogView } from './chat-state';
import { dialogFromApi } from './convert';
import { catchUp } from './history';

/**
 * Spec §7 GET /message/qb/doctor/getDialogs into the chat store, the dialog list's one owner (the
 * server's list only feeds it; live messages keep it current). The store applies only the newest
 * request's answer, and every refresh resolves once that answer is in (chat-store.ts
 * `listDialogs`): a login joins the rooms the list names, and a message for a dialog not yet
 * listed starts a refresh while the login's is on its way. `list` asks the store's server (a test answers itself).
 */
export function refreshDialogs(
  store: ChatStore,
  list: () => Promise<{ items: ProviderDialog[] }> = () => store.server.dialogs({ limit: 500 }),
): Promise<void> {
  return store.listDialogs(async () => {
    const { items } = await list();
    return items.map((d) => dialogFromApi(d, store.state.me));
  });
}

/**
 * Who is in a room now. Only occupants may ask (XEP-0045 §6.5), so it is asked once the join is
 * done; presences then tell of each change (chat-events.ts).
 */
export async function refreshOccupants(
  store: ChatStore,
  runtime: ChatRuntime,
  dialogId: string,
): Promise<void> {
  try {
    store.setOccupants(dialogId, await runtime.chat.muc.listOnlineUsers(dialogId));
  } catch (error) {
    console.warn('Room occupants', error);
  }
}

/** Joins under way, by dialog id: the list's follower and a login may ask for one room at once. */
const underWay = new WeakMap<ChatRuntime, Map<string, Promise<boolean>>>();

/** Whether we are in the dialog's room once any join of it under way ends (spec §4 status 110). */
function joined(runtime: ChatRuntime, dialog: DialogView): Promise<boolean> {
  const joins = underWay.get(runtime) ?? new Map<string, Promise<boolean>>();
  underWay.set(runtime, joins);
  const pending = joins.get(dialog.id);
  if (pending) return pending;
  if (runtime.chat.joinedRooms.includes(runtime.chat.helpers.roomJid(dialog.id)))
    return Promise.resolve(true);
  const join = runtime.chat.muc.join(dialog.id).then(
    () => true,
    (error: unknown) => {
      console.warn(`Room of ${dialog.name}`, error);
      return false;
    },
  );
  joins.set(dialog.id, join);
  void join.then(() => joins.delete(dialog.id));
  return join;
}

/**
 * Joins the rooms of the group dialogs (all, or those of `ids`) not joined yet (spec §4 "Status 110
 * means join success"), and lists their occupants: after a drop, the stack has joined its rooms
 * again, and who left meanwhile was not told.
 */
export async function joinRooms(store: ChatStore, runtime: ChatRuntime, ids?: string[]): Promise<void> {
  const dialogs = ids ? ids.map((id) => store.state.dialogs[id]) : Object.values(store.state.dialogs);
  await Promise.all(
    dialogs.map(async (d) => {
      if (d && !isPrivateDialog(d.type) && (await joined(runtime, d)))
        await refreshOccupants(store, runtime, d.id);
    }),
  );
}

export async function afterLogin(store: ChatStore, runtime: ChatRuntime): Promise<void> {
  await refreshDialogs(store);
  // The rooms' joins are under way before what waited is sent: a post to a room waits for our
  // join of it (XEP-0045 §7.4, src/xmpp/muc/room-posts.ts), a message to a person does not.
  const joining = joinRooms(store, runtime);
  runtime.outbox.flush();
  await Promise.all([loadBlocked(store, runtime), joining]);
}

/**
 * The group rooms follow the dialog list (spec §4 Rooms): a group dialog that comes in a listing
 * while the chat is connected has its room joined then: one a member created while she is signed
 * in, or all of them after a login whose listing failed (the login joined only the rooms it
 * knew). One listed while the stream is down is joined when it resumes (XEP-0198), or by a fresh
 * login's own joins (`afterReconnect`). Each listed dialog is followed once: a room she was
 * removed from (status 301) waits for her next login. A post to a room we are not in is refused
 * (XEP-0045 §7.4). Returns the unwiring.
 */
export function wireRoomsFollowList(store: ChatStore, runtime: ChatRuntime): () => void {
  const seen = new Set<string>();
  let waiting: string[] = [];
  const follow = () => {
    for (const d of Object.values(store.state.dialogs)) {
      if (isPrivateDialog(d.type) || seen.has(d.id)) continue;
      seen.add(d.id);
      waiting.push(d.id);
    }
    if (!waiting.length || !runtime.chat.isConnected) return;
    void joinRooms(store, runtime, waiting);
    waiting = [];
  };
  const offList = subscribe(store.state, follow);
  const offResumed = runtime.chat.session.on('resumed', follow);
  return () => {
    offList();
    offResumed();
  };
}

/**
 * After a fresh login that followed a drop, or another tab taking the shared connection over (the
 * stack has re-joined the rooms it knew; the connection has sent what waited). The block list is
 * read again: the server pushes its changes only to a stream that asked (XEP-0191 §3.3).
 */
export async function afterReconnect(store: ChatStore, runtime: ChatRuntime): Promise<void> {
  await refreshDialogs(store);
  await Promise.all([loadBlocked(store, runtime), joinRooms(store, runtime)]);
  const open = Object.entries(store.state.conversations).filter(([, c]) => c.loaded);
  for (const [dialogId] of open) {
    try {
      await catchUp(store, runtime, dialogId);
    } catch (error) {
      console.warn('Catching up the history', error);
    }
  }
}
