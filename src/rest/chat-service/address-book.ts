/**
 * Address book (docs/wire/hosted-chat.md §8). The 404 `Empty address book` answer is an empty list
 * (spec §8 "An empty address book 404 is treated as an empty list"); upload requires an array
 * (spec §5).
 */
import type { ChatServiceClient } from './client';
import { isEmptyAddressBook } from './errors';
import type { ChatUser } from './types';

/** One entry of the address book (wire §8): not a chat contact (a roster item, xmpp/roster). */
export interface AddressBookEntry {
  name?: string;
  phone: string;
  /** Remove this contact. */
  destroy?: boolean;
}

async function orEmpty<T>(work: Promise<T>, empty: T): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isEmptyAddressBook(error)) return empty;
    throw error;
  }
}

export const chatAddressBook = (client: ChatServiceClient) => ({
  async upload(contacts: AddressBookEntry[], options: { force?: boolean; udid?: string } = {}) {
    if (!Array.isArray(contacts)) throw new TypeError('Address book upload requires an array of contacts');
    return client.request<{
      deleted: number;
      created: number;
      updated: number;
      rejected: Record<string, string[]>;
    }>({
      method: 'POST',
      path: 'address_book.json',
      json: {
        contacts: contacts.map((c) => ({
          name: c.name,
          phone: c.phone,
          ...(c.destroy ? { destroy: 1 } : {}),
        })),
        ...(options.force ? { force: 1 } : {}),
        ...(options.udid ? { udid: options.udid } : {}),
      },
    });
  },

  get: (udid?: string) =>
    orEmpty(
      client.request<Array<{ name: string; phone: string }>>({
        path: 'address_book.json',
        query: udid ? { udid } : undefined,
      }),
      [],
    ),

  async registeredUsers(compact = false): Promise<Array<Partial<ChatUser> & { id: number }>> {
    const answer = await orEmpty(
      client.request<{ items: Array<{ user: Partial<ChatUser> & { id: number } }> }>({
        path: 'address_book/registered_users.json',
        query: compact ? { compact: 1 } : undefined,
      }),
      { items: [] },
    );
    return answer.items.map((i) => i.user);
  },
});
