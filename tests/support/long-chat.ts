/**
 * A provider with a long chat, seeded through the chat-service REST as the vendor's SDKs write it
 * (docs/wire/hosted-chat.md §4 users, §5.1 dialogs, §5.2 messages): many private dialogs, each
 * with a client of its own and one message, and one conversation of many messages from both
 * sides, a minute apart. Used by the long-list e2e test and the bench (docs/performance.md
 * "Long lists").
 */
import { randomBytes } from 'node:crypto';
import { apiClient } from './api';
import { qbClient, type Loose } from './qb';

type Qb = ReturnType<typeof qbClient>;

/** Runs `work` over `items`, `width` at a time, in order of start. */
export async function inBatches<T>(
  items: T[],
  width: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) await work(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

function created(answer: { status: number; text: string }, what: string) {
  if (answer.status !== 201) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
}

/** The chat-service session of a signed-in provider (its chat login and password from getInfo). */
export async function providerChatSession(baseUrl: string, portalToken: string): Promise<string> {
  const info = await apiClient(baseUrl).call<{ login: string; password: string }>(
    'GET',
    '/message/qb/user/getInfo',
    { token: portalToken },
  );
  if (info.code !== 'OK') throw new Error(`getInfo: ${info.code} ${info.message}`);
  return qbClient(baseUrl).createSession({ login: info.data.login, password: info.data.password });
}

/** A private dialog of the provider with `chatId` (created, or the one there is). */
export async function privateDialog(qb: Qb, providerToken: string, chatId: number): Promise<string> {
  const dialog = await qb.call('POST', '/chat/Dialog.json', {
    token: providerToken,
    form: { type: 3, occupants_ids: String(chatId) },
  });
  created(dialog, 'Dialog');
  return (dialog.body as Loose)._id as string;
}

/**
 * `count` clients, each signed up with a name and in a private dialog with the provider holding
 * one message of theirs, the newest `newestSecondsAgo` ago and the others an hour apart.
 */
export async function seedDialogs(
  qb: Qb,
  providerToken: string,
  count: number,
  newestSecondsAgo: number,
): Promise<string[]> {
  const appToken = await qb.createSession();
  const tag = randomBytes(3).toString('hex');
  const now = Math.floor(Date.now() / 1000);
  const ids: string[] = [];
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const user = await qb.call('POST', '/users.json', {
        token: appToken,
        form: {
          user: {
            login: `long-${tag}-${i}`,
            password: 'long-list-2026',
            full_name: `Client ${tag} ${i + 1}`,
          },
        },
      });
      created(user, 'User');
      const dialogId = await privateDialog(qb, providerToken, (user.body as Loose).user.id as number);
      const message = await qb.call('POST', '/chat/Message.json', {
        token: providerToken,
        form: {
          chat_dialog_id: dialogId,
          message: `Hello client ${i + 1}, how are you today?`,
          date_sent: now - newestSecondsAgo - i * 3600,
        },
      });
      created(message, 'Message');
      ids[i] = dialogId;
    },
  );
  return ids;
}

/** A sentence of the conversation: lengths vary, as in a real one. */
export function longChatText(i: number): string {
  const words = ['cycle', 'scan', 'results', 'appointment', 'medication', 'follow-up', 'dose', 'morning'];
  const length = 4 + ((i * 7) % 23);
  return `#${i + 1} ${Array.from({ length }, (_, k) => words[(i + k) % words.length]).join(' ')}`;
}

/**
 * `count` messages in one dialog, alternating between the two tokens' users, a minute apart and
 * ending now, all read (`PUT /chat/Message.json read=1` by both).
 */
export async function seedConversation(
  qb: Qb,
  dialogId: string,
  tokens: [string, string],
  count: number,
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const answer = await qb.call('POST', '/chat/Message.json', {
        token: tokens[i % 2]!,
        form: { chat_dialog_id: dialogId, message: longChatText(i), date_sent: now - (count - i) * 60 },
      });
      created(answer, 'Message');
    },
  );
  for (const token of tokens) {
    const read = await qb.call('PUT', '/chat/Message.json', {
      token,
      form: { chat_dialog_id: dialogId, read: 1 },
    });
    if (read.status !== 200) throw new Error(`Marking read: ${read.status} ${read.text.slice(0, 200)}`);
  }
}
