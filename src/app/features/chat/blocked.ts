/**
 * The members the provider blocked (spec §6 "Blocking lists allow or deny per user, with optional
 * mutual block"): kept on the chat account with XEP-0191 (docs/wire/hosted-chat.md §18), so a
 * block holds both ways for every tab and device at once, and each tab hears of the others'
 * changes. An earlier portal kept them in the privacy list `blockedusers`, whose default cannot
 * change while another session is online (XEP-0016 §2.3): what it holds moves over once.
 */
import { StanzaError, type BlockingPush } from '../../../xmpp';
import type { ChatRuntime } from '../../connections';
import type { ChatStore } from './chat-store';

/** The privacy list an earlier portal kept its blocked users in (the spec's name for it). */
export const LEGACY_BLOCK_LIST = 'blockedusers';

/**
 * Moves the blocks of the legacy privacy list to the block list; answers the users moved. The
 * list is edited to allow them first — a list in use may be edited (XEP-0016 §2.4) — so it stops
 * blocking even while it cannot be declined and deleted (another session uses it, §2.3): that is
 * tried again at the next login.
 */
async function retireLegacyList(runtime: ChatRuntime): Promise<number[]> {
  const { privacy, blocking } = runtime.chat;
  let denied: number[];
  try {
    const list = await privacy.getList(LEGACY_BLOCK_LIST);
    denied = list.items.filter((i) => i.action === 'deny').map((i) => i.user_id);
  } catch (error) {
    if (error instanceof StanzaError && error.condition === 'item-not-found') return [];
    throw error;
  }
  if (denied.length > 0) {
    await blocking.block(denied);
    await privacy.create({
      name: LEGACY_BLOCK_LIST,
      items: denied.map((user_id) => ({ user_id, action: 'allow' as const })),
    });
  }
  try {
    await privacy.setAsDefault(null);
    await privacy.delete(LEGACY_BLOCK_LIST);
  } catch (error) {
    if (!(error instanceof StanzaError && error.condition === 'conflict')) throw error;
  }
  return denied;
}

/** Reads the block list after each login (which also asks the server for its pushes). */
export async function loadBlocked(store: ChatStore, runtime: ChatRuntime): Promise<void> {
  try {
    const blocked = await runtime.chat.blocking.list();
    store.setBlocked([...blocked, ...(await retireLegacyList(runtime))]);
    store.setBlockListFailed(false);
  } catch (error) {
    console.warn('Blocked users', error);
    store.setBlockListFailed(true);
  }
}

/** A change of the block list made here, in another tab or on another device (XEP-0191 push). */
export function blockingChanged(store: ChatStore, push: BlockingPush): void {
  const { blocked } = store.state;
  if (push.kind === 'block') store.setBlocked([...blocked, ...push.userIds]);
  else if (push.kind === 'unblock') store.setBlocked(blocked.filter((id) => !push.userIds.includes(id)));
  else store.setBlocked([]);
}
