/**
 * Posts to rooms wait for our join of the room. XEP-0045 §7.4: only an occupant posts to a room,
 * and Prosody refuses a post from one still joining it (`not-acceptable`). A post made while our
 * join of its room is under way (the first joins after a login, the re-joins after a fresh
 * session) waits for the join, then goes whichever way the join went: the server refuses the post
 * of a refused join in turn, and a dialog whose occupants post without joining
 * (docs/wire/hosted-chat.md §5.1) has no join to wait for. A fresh session after a drop is in no
 * room until it re-joins them, so from its start until its re-joins are under way (`holdAll`)
 * every post waits too.
 */
import { StanzaError } from '../errors/errors';
import type { MessageErrorEvent } from '../messages/message-errors';
import type { XmlElement } from '../xml/element';
import type { MucApi } from './muc';

export interface RoomPosts {
  /** Sends a message stanza: a room's post once our join of the room is no longer under way. */
  send(stanza: XmlElement): void;
  /** Holds every post until the returned release is called (a fresh session's set-up). */
  holdAll(): () => void;
}

export function createRoomPosts(deps: {
  muc: Pick<MucApi, 'joining'>;
  /** The session's send (throws ChatNotConnectedError when signed out). */
  send(stanza: XmlElement): void;
  /** A held post that could not go after all: it bounces as the server's refusals do (spec §8). */
  bounce(event: MessageErrorEvent): void;
}): RoomPosts {
  let held: Promise<void> | null = null;
  const roomOpen = (room: string): Promise<void> | null =>
    held ? held.then(() => deps.muc.joining(room) ?? undefined) : deps.muc.joining(room);
  return {
    send(stanza) {
      const waiting = stanza.attrs.type === 'groupchat' ? roomOpen(stanza.attrs.to ?? '') : null;
      if (!waiting) return deps.send(stanza);
      void waiting.then(() => {
        try {
          deps.send(stanza);
        } catch (error) {
          const id = stanza.attrs.id ?? '';
          deps.bounce({
            id,
            error: new StanzaError({
              condition: 'undefined-condition',
              type: 'cancel',
              text: error instanceof Error ? error.message : String(error),
              id: id || null,
            }),
          });
        }
      });
    },
    holdAll() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
  };
}
