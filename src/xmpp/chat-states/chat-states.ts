/**
 * Typing notifications, XEP-0085 as docs/wire/hosted-chat.md §14.5 uses them:
 * `<composing/>` and `<paused/>` in a message without id or body, to a user or a room. Received
 * ones become typing events and go no further. A composing state that is never followed by
 * paused expires after `expireMs`, and any message from that user ends it (docs/lessons.md §11).
 */
import {
  chatIdFromJid,
  dialogIdFromRoomJid,
  isRoomJid,
  userIdFromOccupantJid,
  type Addressing,
} from '../addressing/jids';
import { createEmitter, type Emitter } from '../../shared/emitter';
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';
import { xml, type XmlElement } from '../xml/element';

export const CHAT_STATES_NS = 'http://jabber.org/protocol/chatstates';

/** A typing change of another user. */
export interface TypingEvent {
  composing: boolean;
  userId: number | null;
  /** The room's dialog for groupchat; null one-to-one (wire §14.5). */
  dialogId: string | null;
}

/** What chat states tell their listeners (`ChatClient.chatStates`). */
export interface ChatStateEvents {
  /** Someone started or stopped typing (or their "composing" expired or a message of theirs ended it). */
  typing: TypingEvent;
}

export function buildChatState(
  state: 'composing' | 'paused',
  to: string,
  type: 'chat' | 'groupchat',
): XmlElement {
  return xml('message', { to, type }, xml(state, { xmlns: CHAT_STATES_NS }));
}

export interface ChatStatesDeps {
  send(stanza: XmlElement): void;
  addressing: Addressing;
  scheduler: Scheduler;
  userId(): number | null;
  /** How long a composing state lasts without news. */
  expireMs: number;
}

export interface ChatStatesApi {
  /** Tells a user (chat id or JID) or a room (room JID) that we are typing. */
  sendComposing(to: number | string): void;
  /** Tells them we stopped. */
  sendPaused(to: number | string): void;
  /** Handles a received chat state; true if the stanza carried composing or paused. */
  handle(stanza: XmlElement): boolean;
  /** A message arrived from this sender: a composing state of theirs ends. */
  messageArrived(userId: number | null, dialogId: string | null): void;
  /** Clears all timers (on disconnect). */
  clear(): void;
  /** Typing changes of others, as they come. */
  readonly events: Emitter<ChatStateEvents>;
}

export function createChatStates(deps: ChatStatesDeps): ChatStatesApi {
  const { addressing, scheduler } = deps;
  const events = createEmitter<ChatStateEvents>();
  const composing = new Map<string, TimerHandle>();
  const key = (userId: number | null, dialogId: string | null) => `${userId}|${dialogId ?? ''}`;

  function set(event: TypingEvent): void {
    const k = key(event.userId, event.dialogId);
    const timer = composing.get(k);
    if (timer !== undefined) scheduler.clearTimeout(timer);
    composing.delete(k);
    if (event.composing) {
      composing.set(
        k,
        scheduler.setTimeout(() => {
          composing.delete(k);
          events.emit('typing', { ...event, composing: false });
        }, deps.expireMs),
      );
    }
    events.emit('typing', event);
  }

  function send(state: 'composing' | 'paused', to: number | string): void {
    const target = addressing.jidOf(to);
    deps.send(buildChatState(state, target, isRoomJid(target, addressing.domain) ? 'groupchat' : 'chat'));
  }

  return {
    sendComposing: (to) => send('composing', to),
    sendPaused: (to) => send('paused', to),
    handle(stanza) {
      const state = stanza.child('composing', CHAT_STATES_NS) ?? stanza.child('paused', CHAT_STATES_NS);
      if (!state) return false;
      const from = stanza.attrs.from ?? '';
      const group = stanza.attrs.type === 'groupchat';
      const userId = group ? userIdFromOccupantJid(from) : chatIdFromJid(from);
      if (userId !== null && userId === deps.userId()) return true;
      set({
        composing: state.name === 'composing',
        userId,
        dialogId: group ? dialogIdFromRoomJid(from) : null,
      });
      return true;
    },
    messageArrived(userId, dialogId) {
      for (const k of [key(userId, dialogId), key(userId, null)]) {
        const timer = composing.get(k);
        if (timer === undefined) continue;
        scheduler.clearTimeout(timer);
        composing.delete(k);
        events.emit('typing', {
          composing: false,
          userId,
          dialogId: k === key(userId, null) ? null : dialogId,
        });
      }
    },
    clear() {
      for (const timer of composing.values()) scheduler.clearTimeout(timer);
      composing.clear();
    },
    events,
  };
}
