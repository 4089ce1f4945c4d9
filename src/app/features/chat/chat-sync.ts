/**
 * Keeping the portal in step with the chat service after each login: the dialog list and unread
 * counts, the blocked users (blocked.ts, spec §3), the group rooms (spec §4 Rooms), the history
 * of open conversations after a reconnect (docs/lessons.md §4), and what waited in the outbox.
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import { chatCalls } from '../../api/domain-calls';
import type { ChatRuntime } from '../../connections';
import { loadBlocked } from './blocked';
import { chatStore, dialogsUnlisted, seedDialogs, setOccupants } from './chat-store';
import { dialogFromApi } from './convert';
import { catchUp } from './history';

/** The newest list request (each refresh asks anew: a change it must see may be newer than one under way). */
let requests = 0;
/** The refreshes waiting for the newest request's answer. */
const waiting = new Set<() => void>();

/**
 * Spec §7 GET /message/qb/doctor/getDialogs into the chat store, the dialog list's one owner (the
 * server's list only feeds it; live messages keep it current). Only the newest request's answer is
 * applied — an older one may predate a dialog just created — and every refresh resolves once that
 * answer is in, since what follows reads the list (a login joins the rooms it names, and a message
 * for a dialog not yet listed starts a refresh while the login's is on its way).
 */
export function refreshDialogs(): Promise<void> {
  const request = ++requests;
  const settled = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  chatCalls.dialogs({ limit: 500 }).then(
    (list) => {
      if (request !== requests) return;
      seedDialogs(list.items.map((d) => dialogFromApi(d, chatStore.me)));
      settled();
    },
    (error: unknown) => {
      if (request !== requests) return;
      // The API client has shown a failure; the list stays as it was.
      console.warn('Chat dialogs', error);
      dialogsUnlisted();
      settled();
    },
  );
  return new Promise((resolve) => waiting.add(resolve));
}

/**
 * Who is in a room now. Only occupants may ask (XEP-0045 §6.5), so it is asked once the join is
 * done; presences then tell of each change (chat-events.ts).
 */
export async function refreshOccupants(runtime: ChatRuntime, dialogId: string): Promise<void> {
  try {
    setOccupants(dialogId, await runtime.chat.muc.listOnlineUsers(dialogId));
  } catch (error) {
    console.warn('Room occupants', error);
  }
}

/**
 * Joins the rooms of the group dialogs not joined yet (spec §4 "Status 110 means join success"),
 * and lists the occupants of every group room: after a drop, the stack has joined its rooms again,
 * and who left meanwhile was not told.
 */
export async function joinRooms(runtime: ChatRuntime): Promise<void> {
  const groups = Object.values(chatStore.dialogs).filter((d) => !isPrivateDialog(d.type));
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
      await refreshOccupants(runtime, d.id);
    }),
  );
}

export async function afterLogin(runtime: ChatRuntime): Promise<void> {
  await refreshDialogs();
  runtime.flushOutbox();
  await Promise.all([loadBlocked(runtime), joinRooms(runtime)]);
}

/**
 * After a fresh login that followed a drop, or another tab taking the shared connection over (the
 * stack has re-joined the rooms it knew; the connection has sent what waited). The block list is
 * read again: the server pushes its changes only to a stream that asked (XEP-0191 §3.3).
 */
export async function afterReconnect(runtime: ChatRuntime): Promise<void> {
  await refreshDialogs();
  await Promise.all([loadBlocked(runtime), joinRooms(runtime)]);
  const open = Object.entries(chatStore.conversations).filter(([, c]) => c.loaded);
  for (const [dialogId] of open) {
    try {
      await catchUp(runtime, dialogId);
    } catch (error) {
      console.warn('Catching up the history', error);
    }
  }
}
