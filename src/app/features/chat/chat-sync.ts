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

/**
 * Joins the rooms of the group dialogs not joined yet (spec §4 "Status 110 means join success"),
 * and lists the occupants of every group room: after a drop, the stack has joined its rooms again,
 * and who left meanwhile was not told.
 */
export async function joinRooms(store: ChatStore, runtime: ChatRuntime): Promise<void> {
  const groups = Object.values(store.state.dialogs).filter((d) => !isPrivateDialog(d.type));
  const joined = new Set(runtime.chat.joinedRooms);
  await Promise.all(
    groups.map(async (d) => {
      if (!joined.has(runtime.chat.helpers.roomJid(d.id))) {
        try {
          await runtime.chat.muc.join(d.id);
        } catch (error) {
          console.warn(`Room of ${d.name}`, error);
          return;
        }
      }
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
 * The rooms after a dialog list that failed while the chat ran (the login's, or one asked while
 * the list was not yet had; a list once had stays shown when a refresh fails): the login joined
 * only the rooms it knew, so the rest are joined once a listing comes (the Messages screen's
 * retry, dialog-list.tsx, or its next look), with the chat connected: a listing that comes while
 * it is down is joined when the stream resumes (XEP-0198), or by a fresh login's own joins
 * (`afterReconnect`). A post to a room we are not in is refused (XEP-0045 §7.4). Returns the
 * unwiring.
 */
export function wireRoomsAfterFailedList(store: ChatStore, runtime: ChatRuntime): () => void {
  let missed = false;
  let list = store.state.dialogList;
  const join = () => {
    if (!missed || list !== 'listed' || !runtime.chat.isConnected) return;
    missed = false;
    void joinRooms(store, runtime);
  };
  const offList = subscribe(
    store.state,
    () => {
      if (store.state.dialogList === list) return;
      list = store.state.dialogList;
      if (list === 'failed') missed = true;
      join();
    },
    true,
  );
  const offResumed = runtime.chat.session.on('resumed', join);
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
