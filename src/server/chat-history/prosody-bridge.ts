/**
 * The portal's way into Prosody for chat: `portal_command` of mod_portal_history, run through the
 * admin socket (docs/prosody.md "Creating users": the `prosodyctl shell` protocol;
 * a line starting with `>` is Lua). The command travels as base64 JSON, so nothing in it is ever
 * read as Lua.
 */
import { runAdminCommand } from '../prosody/admin-socket';

export interface DeliverCommand {
  /** `headline` for system messages (wire §14.6). */
  type: 'chat' | 'groupchat' | 'headline';
  id: string;
  /** The sender's bare JID (chat) — for groupchat the room JID is `to` and `nick` the sender id. */
  from: string;
  to: string;
  nick?: string;
  body: string;
  markable: boolean;
  extra: Record<string, unknown>;
  attachments: Array<Record<string, string | number>>;
}

export interface RoomSpec {
  jid: string;
  name: string;
  membersOnly: boolean;
  /** Occupants may join (is_joinable); otherwise they post without joining (mod_portal_muc_dialogs.lua). */
  joinable: boolean;
  /** Bare JIDs. */
  owner: string;
  members: string[];
  /** Bare JID of whoever removed occupants: the owner's removals are kicks (status 301). */
  removedBy?: string;
}

export class ChatServerUnavailable extends Error {}

export class ProsodyBridge {
  readonly #socket: () => string | null;
  readonly #host: string;

  constructor(adminSocket: () => string | null, domain: string) {
    this.#socket = adminSocket;
    this.#host = domain;
  }

  async #run(command: Record<string, unknown>): Promise<void> {
    const socket = this.#socket();
    if (!socket) throw new ChatServerUnavailable('The chat server is not running');
    const encoded = Buffer.from(JSON.stringify(command)).toString('base64');
    const lua = `>return prosody.hosts[${JSON.stringify(this.#host)}].modules.portal_history.portal_command("${encoded}")`;
    let answer;
    try {
      answer = await runAdminCommand(socket, lua, 10_000);
    } catch (error) {
      throw new ChatServerUnavailable(
        `The chat server did not take the command: ${(error as Error).message}`,
      );
    }
    if (!answer.ok)
      throw new ChatServerUnavailable(`The chat server refused ${String(command.op)}: ${answer.result}`);
  }

  deliver(message: DeliverCommand): Promise<void> {
    return this.#run({ op: 'deliver', ...message });
  }

  ensureRoom(room: RoomSpec): Promise<void> {
    return this.#run({
      op: 'ensure_room',
      jid: room.jid,
      name: room.name,
      members_only: room.membersOnly,
      joinable: room.joinable,
      owner: room.owner,
      members: room.members,
      ...(room.removedBy ? { removed_by: room.removedBy } : {}),
    });
  }

  destroyRoom(jid: string): Promise<void> {
    return this.#run({ op: 'destroy_room', jid });
  }
}
