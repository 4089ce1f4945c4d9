/**
 * Headline messages, docs/wire/hosted-chat.md §14.6 and §20.1: system messages
 * (`moduleIdentifier` SystemNotifications) and messages of other modules — the WebRTC layer's
 * `WebRTCVideoChat` call signalling rides on these. Sent as `type="headline"` to the user's bare
 * JID without `from`; the extension goes in extraParams after the module identifier.
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import { chatIdFromJid, type Addressing } from '../addressing/jids';
import {
  CLIENT_NS,
  decodeExtraParams,
  encodeExtraParams,
  type ExtraParams,
  type ExtraParamsInput,
} from '../messages/extra-params';
import { parseDelay } from '../messages/parse';
import { xml, type XmlElement } from '../xml/element';

export const SYSTEM_NOTIFICATIONS = 'SystemNotifications';

/** A received system message (wire §14.6 `onSystemMessageListener`). */
export interface SystemMessage {
  id: string;
  /** Chat id of the sender (the `from` node). */
  userId: number | null;
  body: string | null;
  extension: ExtraParams;
}

/** A received headline of another module (e.g. `WebRTCVideoChat`). */
export interface ModuleMessage extends SystemMessage {
  moduleIdentifier: string;
  from: string;
  /** The raw `<extraParams/>`, for modules that need exact structure (repeated single items). */
  extraParams: XmlElement;
  /** Delivered late (XEP-0203 delay, e.g. from offline storage); call signals drop these (wire §14.6). */
  delayed: boolean;
}

/**
 * A headline of another module that another tab sharing this connection sent (src/xmpp/sharing
 * reflect.ts), e.g. a call signal: `userId` is ours, `recipientId` whom it went to.
 */
export interface SentModuleMessage extends ModuleMessage {
  recipientId: number | null;
}

/** What headlines tell their listeners (`ChatClient.systemMessages`). */
export interface SystemMessageEvents {
  /** A SystemNotifications headline (wire §14.6 `onSystemMessageListener`). */
  systemMessage: SystemMessage;
  /** A headline of another module, e.g. `WebRTCVideoChat` call signalling. */
  moduleMessage: ModuleMessage;
  /**
   * A headline of another module sent by another tab of this browser that shares this connection
   * (src/xmpp/sharing): a call answered or refused there. A client of its own never emits it.
   */
  moduleMessageSent: SentModuleMessage;
}

/** A headline to send. */
export interface HeadlineMessage {
  body?: string;
  extension?: ExtraParamsInput;
  /** Defaults to a new 24-hex ObjectId. */
  id?: string;
}

export function buildHeadline(
  to: string,
  id: string,
  message: HeadlineMessage,
  moduleIdentifier: string,
): XmlElement {
  return xml(
    'message',
    { type: 'headline', id, to },
    message.body !== undefined && xml('body', { xmlns: CLIENT_NS }, message.body),
    message.extension !== undefined && encodeExtraParams(message.extension, moduleIdentifier),
  );
}

export interface SystemMessagesDeps {
  send(stanza: XmlElement): void;
  addressing: Addressing;
  nextId(): string;
}

export interface SystemMessagesApi {
  /** Sends a SystemNotifications headline to a user (chat id or JID); returns its id. */
  sendSystemMessage(to: number | string, message: HeadlineMessage): string;
  /** Sends a headline of any module (e.g. WebRTCVideoChat); the extension is required. */
  sendModuleMessage(
    to: number | string,
    moduleIdentifier: string,
    message: HeadlineMessage & { extension: ExtraParamsInput },
  ): string;
  handle(stanza: XmlElement): boolean;
  /** Received headlines, as they come. */
  readonly events: Emitter<SystemMessageEvents>;
}

/**
 * The headline in a stanza: a system message, another module's message, or null when it is no
 * headline (an extension-less headline is one, with nothing to tell).
 */
export function parseHeadline(
  stanza: XmlElement,
): { kind: 'system'; message: SystemMessage } | { kind: 'module'; message: ModuleMessage } | 'empty' | null {
  if (stanza.attrs.type !== 'headline') return null;
  const extraParams = stanza.child('extraParams');
  if (!extraParams) return 'empty';
  const { extension, moduleIdentifier } = decodeExtraParams(extraParams);
  const from = stanza.attrs.from ?? '';
  const base: SystemMessage = {
    id: stanza.attrs.id ?? '',
    userId: chatIdFromJid(from),
    body: stanza.childText('body') ?? null,
    extension,
  };
  if (moduleIdentifier === SYSTEM_NOTIFICATIONS) return { kind: 'system', message: base };
  if (!moduleIdentifier) return 'empty';
  return {
    kind: 'module',
    message: { ...base, moduleIdentifier, from, extraParams, delayed: parseDelay(stanza) !== null },
  };
}

export function createSystemMessages(deps: SystemMessagesDeps): SystemMessagesApi {
  const events = createEmitter<SystemMessageEvents>();
  const send = (to: number | string, message: HeadlineMessage, moduleIdentifier: string) => {
    const id = message.id ?? deps.nextId();
    deps.send(buildHeadline(deps.addressing.jidOf(to), id, message, moduleIdentifier));
    return id;
  };
  return {
    events,
    sendSystemMessage: (to, message) => send(to, message, SYSTEM_NOTIFICATIONS),
    sendModuleMessage: (to, moduleIdentifier, message) => send(to, message, moduleIdentifier),
    handle(stanza) {
      const headline = parseHeadline(stanza);
      if (headline === null) return false;
      if (headline === 'empty') return true;
      if (headline.kind === 'system') events.emit('systemMessage', headline.message);
      else events.emit('moduleMessage', headline.message);
      return true;
    },
  };
}
