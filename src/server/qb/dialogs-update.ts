/**
 * `PUT /chat/Dialog/{id}.json` (docs/wire/hosted-chat.md §5.1 update, a JSON body): `name`, `photo`,
 * `is_joinable`, `data{…}`, and the operators `push_all` / `pull_all` on `occupants_ids` (docs,
 * Update Dialog). Any occupant may add occupants; only the owner removes others (a kick for those
 * in the room) and changes `is_joinable`; anyone may remove themselves. The MUC room follows.
 */
import type { ServerContext } from '../context';
import type { ChatHistory } from '../chat-history/history';
import { findDialog, PRIVATE, PUBLIC_GROUP, type DialogRow } from '../chat-history/dialogs';
import { ChatServerUnavailable } from '../chat-history/prosody-bridge';
import { flag, intList, obj, str, type Params } from './params';
import { QbError } from './wire';

export async function updateDialog(
  ctx: ServerContext,
  history: ChatHistory,
  dialog: DialogRow,
  me: number,
  params: Params,
): Promise<DialogRow> {
  if (!dialog.occupant_ids.includes(me) && dialog.owner_id !== me) {
    throw QbError.forbidden('Only occupants can update a dialog');
  }
  const changes: Partial<Pick<DialogRow, 'name' | 'photo' | 'is_joinable' | 'occupant_ids'>> & {
    data?: string;
  } = {};
  if ('name' in params || 'photo' in params) {
    if (dialog.type === PRIVATE)
      throw QbError.invalid('name', 'a private dialog has no name or photo of its own');
  }
  if ('name' in params) {
    const name = str(params.name)?.trim() ?? '';
    if (!name || name.length > 200) throw QbError.invalid('name', 'must be 1–200 characters');
    changes.name = name;
  }
  if ('photo' in params) changes.photo = str(params.photo) || null;
  if ('is_joinable' in params) {
    // §5.1 is_joinable (the vendor's spec "Update … Dialog"): the owner's to change, on a group dialog.
    const joinable = flag(params.is_joinable);
    if (dialog.type === PRIVATE && joinable)
      throw QbError.invalid('is_joinable', 'a private dialog is never joinable');
    if (dialog.type === PUBLIC_GROUP && !joinable)
      throw QbError.invalid('is_joinable', 'a public dialog is always joinable');
    if (joinable !== dialog.is_joinable && dialog.owner_id !== me)
      throw QbError.forbidden('Only the owner can change whether the dialog is joinable');
    changes.is_joinable = joinable;
  }
  if ('data' in params) {
    const data = obj(params.data);
    if (!data || !str(data.class_name)) throw QbError.invalid('data', 'needs a class_name');
    changes.data = JSON.stringify({ ...(dialog.data ?? {}), ...data });
  }
  let occupants = dialog.occupant_ids;
  const push = obj(params.push_all);
  const pull = obj(params.pull_all);
  if (push || pull) {
    if (dialog.type === PRIVATE)
      throw QbError.invalid('occupants_ids', 'the occupants of a private dialog are fixed');
    const added = push ? intList(push.occupants_ids) : [];
    const removed = pull ? intList(pull.occupants_ids) : [];
    if (added === null || removed === null) throw QbError.invalid('occupants_ids', 'must be user ids');
    if (added.length > 0) {
      const found = await ctx.db.selectFrom('chat_users').select('id').where('id', 'in', added).execute();
      if (found.length !== new Set(added).size)
        throw QbError.invalid('occupants_ids', 'contains users that do not exist');
    }
    if (removed.some((id) => id !== me) && dialog.owner_id !== me) {
      throw QbError.forbidden('Only the owner can remove other occupants');
    }
    if (removed.includes(dialog.owner_id) && dialog.owner_id !== me) {
      throw QbError.forbidden('The owner cannot be removed');
    }
    occupants = [...new Set([...occupants, ...added])]
      .filter((id) => !removed.includes(id))
      .sort((a, b) => a - b);
    changes.occupant_ids = occupants;
  }
  if (Object.keys(changes).length === 0) throw QbError.invalid('base', 'nothing to update');
  await ctx.db
    .updateTable('chat_dialogs')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', dialog.id)
    .execute();
  const updated = (await findDialog(ctx.db, dialog.id))!;
  const roomChanged = changes.occupant_ids || changes.name !== undefined || changes.is_joinable !== undefined;
  if (dialog.type !== PRIVATE && roomChanged) {
    try {
      // Whoever removed occupants is the actor of their kick (§17: the owner's removal is a 301).
      await history.syncRoom(updated, { changedBy: me });
    } catch (error) {
      if (error instanceof ChatServerUnavailable) {
        throw new QbError(502, [`The dialog was updated but its chat room was not: ${error.message}`]);
      }
      throw error;
    }
  }
  return updated;
}
