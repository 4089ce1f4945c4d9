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

/** Whether we are in the dialog's room (spec §4 "Status 110 means join success"). */
function enter(store: ChatStore, runtime: ChatRuntime, dialog: DialogView): Promise<boolean> {
  return runtime.chat.muc.join(dialog.id).then(
    () => refreshOccupants(store, runtime, dialog.id).then(() => true),
    (error: unknown) => {
      console.warn(`Room of ${dialog.name}`, error);
      return false;
    },
  );
}

/**
 * Joins the rooms of the group dialogs (all, or those of `ids`) and lists their occupants: after a
 * drop, the stack has joined its rooms again, and who left meanwhile was not told. A room we are in
 * is not joined again, and a join under way is not sent again (src/xmpp/muc/muc.ts): a login's
 * joins and the list's follower's are one. Resolves with the ids of the rooms not joined.
 */
export async function joinRooms(
  store: ChatStore,
  runtime: ChatRuntime,
  ids = Object.keys(store.state.dialogs),
): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    ids.map(async (id) => {
      const d = store.state.dialogs[id];
      if (d && !isPrivateDialog(d.type) && !(await enter(store, runtime, d))) failed.push(id);
    }),
  );
  return failed;
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
 * knew). One listed while the stream is down, or whose join failed, is joined when the stream
 * resumes (XEP-0198); a fresh login joins every listed room (`afterReconnect`). A room she was
 * removed from (status 301, 307) is not joined again until then. A post to a room we are not in is
 * refused (XEP-0045 §7.4). Returns the unwiring.
 */
export function wireRoomsFollowList(store: ChatStore, runtime: ChatRuntime): () => void {
  const seen = new Set<string>();
  let waiting: string[] = [];
  let failed: string[] = [];
  const follow = () => {
    for (const d of Object.values(store.state.dialogs)) {
      if (isPrivateDialog(d.type) || seen.has(d.id)) continue;
      seen.add(d.id);
      waiting.push(d.id);
    }
    if (!waiting.length || !runtime.chat.isConnected) return;
    void joinRooms(store, runtime, waiting).then((ids) => failed.push(...ids));
    waiting = [];
  };
  // The dialogs only, not typing, presence or the conversations' entries: the store replaces this
  // object only on reset, which follows the unwiring (connections/chat/chat-connection.ts).
  const offList = subscribe(store.state.dialogs, follow);
  const offResumed = runtime.chat.session.on('resumed', () => {
    waiting.push(...failed);
    failed = [];
    follow();
  });
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
