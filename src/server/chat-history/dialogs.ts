/**
 * Chat dialogs (docs/wire/hosted-chat.md §5.1): one private dialog per pair of users, group and public
 * group dialogs with a MUC room `{appId}_{dialogId}@muc.{domain}` (§11), and who may see them: the
 * occupants, and anyone for a public group.
 */
import { sql, type Selectable } from 'kysely';
import type { ChatDialogsTable, DialogType } from '../db/schema';
import type { Database } from '../db/database';
import { DIALOG_TYPE } from '../../shared/dialog-type';
import { storedOrder } from './messages';
import { newObjectId } from './object-id';

export type DialogRow = Selectable<ChatDialogsTable>;

// The codes of docs/wire/hosted-chat.md §5.1, from the one constant the client and the portal share.
export const PUBLIC_GROUP = DIALOG_TYPE.publicGroup;
export const GROUP = DIALOG_TYPE.group;
export const PRIVATE = DIALOG_TYPE.private;

export function privateKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export function canSee(dialog: DialogRow, userId: number): boolean {
  return dialog.type === PUBLIC_GROUP || dialog.occupant_ids.includes(userId);
}

/** Who may post: the occupants, and anyone in a public group. */
export const canPost = canSee;

export async function findDialog(db: Database, id: string): Promise<DialogRow | undefined> {
  return db.selectFrom('chat_dialogs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPrivateDialog(db: Database, a: number, b: number): Promise<DialogRow | undefined> {
  return db
    .selectFrom('chat_dialogs')
    .selectAll()
    .where('private_key', '=', privateKey(a, b))
    .executeTakeFirst();
}

/**
 * The private dialog of two users, created when missing (with `preferredId` when it is free, so a
 * client that made up a dialog id keeps it). Concurrent creators end with the same row.
 */
export async function ensurePrivateDialog(
  db: Database,
  owner: number,
  other: number,
  preferredId?: string,
): Promise<DialogRow> {
  const existing = await findPrivateDialog(db, owner, other);
  if (existing) return existing;
  const idFree = preferredId !== undefined && !(await findDialog(db, preferredId));
  await db
    .insertInto('chat_dialogs')
    .values({
      id: idFree ? preferredId : newObjectId(),
      type: PRIVATE,
      owner_id: owner,
      occupant_ids: [owner, other].sort((x, y) => x - y),
      private_key: privateKey(owner, other),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await findPrivateDialog(db, owner, other))!;
}

export async function createGroupDialog(
  db: Database,
  input: {
    type: Exclude<DialogType, 3>;
    owner: number;
    occupants: number[];
    name: string;
    photo: string | null;
    isJoinable: boolean;
    data: Record<string, unknown> | null;
  },
): Promise<DialogRow> {
  return db
    .insertInto('chat_dialogs')
    .values({
      id: newObjectId(),
      type: input.type,
      owner_id: input.owner,
      occupant_ids: [...new Set([input.owner, ...input.occupants])].sort((x, y) => x - y),
      name: input.name,
      photo: input.photo,
      is_joinable: input.isJoinable,
      data: input.data ? JSON.stringify(input.data) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Full names of the given users, for private dialogs' names (the other occupant's name). */
export async function fullNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_users')
    .select(['id', 'full_name', 'login'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.full_name || r.login]));
}

/** The other occupant of a private dialog. */
export function opponentOf(dialog: DialogRow, userId: number): number | null {
  return dialog.occupant_ids.find((id) => id !== userId) ?? null;
}

/** Keeps a dialog's last-message fields on its newest message (after deletions). */
export async function refreshLastMessage(db: Database, dialogId: string): Promise<void> {
  await sql`update chat_dialogs d set
      last_message = m.body, last_message_id = m.id, last_message_date_sent = m.date_sent,
      last_message_user_id = m.sender_id, updated_at = now()
    from (select null) x
    left join lateral (
      select m.id, m.body, m.date_sent, m.sender_id from chat_messages m
      where m.dialog_id = ${dialogId} order by m.date_sent desc, ${storedOrder('desc')} limit 1
    ) m on true
    where d.id = ${dialogId}`.execute(db);
}
