/**
 * A system message that names a dialog the list does not hold asks for the list again, once per
 * dialog named (docs/wire/hosted-chat.md §14.6 "A dialog announced"); anything else in its
 * `dialog_id` asks for nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createChatStore,
  type ChatStore,
  type ChatStoreServer,
} from '../../../../src/app/features/chat/chat-store';
import { dialogAnnounced } from '../../../../src/app/features/chat/chat-events';
import { blankDialog } from '../../../../src/app/features/chat/chat-state';

const CIRCLE = '5f0c1a2b3c4d5e6f7a8b9c21';
let store: ChatStore;
let asked: Set<string>;
let listings: number;

/** The headline the vendor's apps send to the occupants of a dialog they created. */
const announce = (dialogId: unknown) =>
  dialogAnnounced(store, asked, {
    id: 'h1',
    userId: 200005,
    body: null,
    extension: { notification_type: '1', dialog_id: dialogId as string },
  });

beforeEach(() => {
  listings = 0;
  // The server's dialog list, counted (spec §7 getDialogs).
  store = createChatStore(() => undefined, {
    dialogs: async () => {
      listings += 1;
      return { total: 0, items: [] };
    },
  } as unknown as ChatStoreServer);
  asked = new Set();
});

describe('a dialog announced by a system message', () => {
  it('asks for the list once per dialog it names', () => {
    announce(CIRCLE);
    announce(CIRCLE);
    expect(listings).toBe(1);
    announce('5f0c1a2b3c4d5e6f7a8b9c22');
    expect(listings).toBe(2);
  });

  it('asks for the list for a dialog known only by its id (a count came first)', () => {
    store.state.dialogs[CIRCLE] = blankDialog(CIRCLE);
    announce(CIRCLE);
    expect(listings).toBe(1);
  });

  it('asks for nothing for a dialog the list holds by name', () => {
    store.state.dialogs[CIRCLE] = { ...blankDialog(CIRCLE), name: 'Evening circle' };
    announce(CIRCLE);
    expect(listings).toBe(0);
  });

  it('asks for nothing for what is not a dialog id', () => {
    for (const junk of [
      undefined,
      '',
      'not a dialog',
      CIRCLE.toUpperCase(),
      `${CIRCLE}0`,
      [CIRCLE],
      { id: CIRCLE },
    ])
      announce(junk);
    expect(listings).toBe(0);
  });
});
