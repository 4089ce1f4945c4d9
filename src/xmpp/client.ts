/**
 * The composition root of the chat stack (docs/architecture.md §3, docs/conventions.md "What we do" 2): the only place
 * that wires the concerns together. Order matters and is commented where it does. Each feature
 * owns its events and the client hands out its emitter's listening side (docs/architecture.md §3
 * "Features own their events"); the client's own emitter tells only what no one feature owns.
 */
import { clientHelpers } from './client-helpers';
import {
  CHAT_PING_MAX_FAILURES,
  CHAT_PING_TIMEOUT_MS,
  CHAT_CALLBACK_INTERVAL_MS,
  CHAT_RECONNECT_INTERVAL_MS,
} from '../shared/constants';
import { createObjectIdGenerator, randomBytes } from './addressing/ids';
import { bareJid, chatIdFromJid, createAddressing } from './addressing/jids';
import { createBlocking } from './blocking/blocking';
import { createCarbons } from './carbons/carbons';
import { createChatStates } from './chat-states/chat-states';
import type { ChatClient, ChatClientOptions, ChatCredentials, ClientEvents } from './client-types';
import { ChatNotConnectedError, XmppError } from './errors/errors';
import { createNotConnectedGuard } from './errors/not-connected';
import { createEmitter, eventSource } from '../shared/emitter';
import { createIqCaller } from './iq/caller';
import { createIqResponder } from './iq/responder';
import { createLastActivity } from './last-activity/last-activity';
import { createMarkers } from './markers/markers';
import { createMessages } from './messages/messages';
import type { CarbonDirection } from './messages/types';
import { createMuc } from './muc/muc';
import { createRoomPosts } from './muc/room-posts';
import { createPing } from './ping/ping';
import { createPrivacy } from './privacy/privacy';
import { createRoster } from './roster/roster';
import { createStanzaRouter } from './router/stanza-router';
import { createSession, type OnlineInfo } from './session/session';
import { createSystemMessages } from './system-messages/system-messages';
import { realScheduler } from '../shared/time/scheduler';
import { observeTraffic } from './transport/observed-transport';
import { createTransport } from './transport/create-transport';
import { kindOfService } from './transport/types';
import { xml, type XmlElement } from './xml/element';

const DEFAULTS = {
  keepAliveIntervalMs: 5_000,
  iqTimeoutMs: 15_000,
  connectTimeoutMs: 30_000,
  typingExpiryMs: 30_000,
};

/** Creates a chat client; nothing connects until {@link ChatClient.connect}. */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const scheduler = options.scheduler ?? realScheduler;
  const kind = options.transport ?? kindOfService(options.service);
  const addressing = createAddressing(options.domain, options.appId);
  const events = createEmitter<ClientEvents>();
  const nextId = createObjectIdGenerator(() => scheduler.now());
  const resource =
    options.resource ?? `portal-${[...randomBytes(4)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  const iqTimeoutMs = options.iqTimeoutMs ?? DEFAULTS.iqTimeoutMs;
  const pingTimeoutMs = options.pingTimeoutMs ?? CHAT_PING_TIMEOUT_MS;
  let userId: number | null = null;

  const jid = () => session.jid;
  /** Who the stream is bound as: the features' idea of "me" (and the room nick) while online. */
  const me = () => chatIdFromJid(session.jid);
  const send = (stanza: XmlElement) => session.send(stanza);
  const reportError = (error: unknown) =>
    events.emit('error', error instanceof XmppError ? error : new XmppError(String(error), { cause: error }));
  /** Spec §8: a ChatNotConnectedError reaches the caller and fires `chatNotConnected` (and `error`). */
  const { guard, guardApi, guardCallback } = createNotConnectedGuard((error) => {
    events.emit('chatNotConnected', error);
    events.emit('error', error);
  });

  // Requests with replies first: every feature below uses them.
  const iqCaller = createIqCaller({ send, scheduler, timeoutMs: iqTimeoutMs });
  const responder = createIqResponder({ send });
  const ping = createPing({ iqCaller, responder, addressing, timeoutMs: pingTimeoutMs });

  // The console's seam: stanzas in and out, and BOSH requests, reach `traffic` listeners, and
  // only while there are any.
  const traffic = observeTraffic(options.transportFactory ?? createTransport);
  const session = createSession({
    options: {
      kind,
      service: options.service,
      resource,
      streamManagement: options.streamManagement ?? true,
      reconnectIntervalMs: options.reconnectIntervalMs ?? CHAT_RECONNECT_INTERVAL_MS,
      keepAliveIntervalMs: options.keepAliveIntervalMs ?? DEFAULTS.keepAliveIntervalMs,
      maxPingFailures: CHAT_PING_MAX_FAILURES,
      unackedReportMs: options.unackedReportMs ?? CHAT_CALLBACK_INTERVAL_MS,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
    },
    transportFactory: traffic.factory,
    scheduler,
    isSessionExpired: options.isSessionExpired ?? (() => false),
    pingServer: () => ping.pingServer(),
    afterOnline: (info) => afterOnline(info),
    onStanza: (stanza) => {
      try {
        router.dispatch(stanza);
      } catch (error) {
        // A stanza that arrives while a sign-out closes the stream may call for an automatic
        // answer (the result of a roster push, RFC 6121 §2.1.6) that can no longer go; the
        // stream's end tells the server as much. Whatever else a handler throws is reported,
        // never thrown back into the transport that read the stanza.
        if (!(error instanceof ChatNotConnectedError)) reportError(error);
      }
    },
  });

  const markers = createMarkers({ send, addressing, nextId });
  const chatStates = createChatStates({
    send,
    addressing,
    scheduler,
    userId: me,
    expireMs: options.typingExpiryMs ?? DEFAULTS.typingExpiryMs,
  });
  // Registered before anyone else listens, so a drop's listeners and a message's find the
  // typing already ended: a dropped stream ends every "is typing", and (docs/lessons.md §11) a
  // message from someone ends theirs.
  session.events.on('disconnected', () => chatStates.clear());
  // Posts to a room wait for our join of it (room-posts.ts); `muc` is made below, before any send.
  const roomPosts = createRoomPosts({
    muc: { joining: (room) => muc.joining(room) },
    send,
    bounce: (event) => messages.events.emit('error', event),
  });
  const messages = createMessages({
    send: roomPosts.send,
    addressing,
    nextId,
    userId: me,
    onMarkable: (message) => {
      if (message.userId === null) return;
      try {
        markers.sendDelivered({ messageId: message.id, userId: message.userId, dialogId: message.dialogId });
      } catch (error) {
        reportError(error);
      }
    },
  });
  messages.events.on('message', (message) => {
    if (message.carbon === null) chatStates.messageArrived(message.userId, message.dialogId);
  });
  const systemMessages = createSystemMessages({ send, addressing, nextId });
  const carbons = createCarbons({ iqCaller, jid });
  const roster = createRoster({ send, iqCaller, responder, addressing, jid });
  const muc = createMuc({ send, iqCaller, addressing, scheduler, timeoutMs: iqTimeoutMs, userId: me });
  const lastActivity = createLastActivity({ iqCaller, addressing });
  const privacy = createPrivacy({ iqCaller, addressing });
  const { events: blockingEvents, ...blocking } = createBlocking({ iqCaller, responder, addressing, jid });

  // Message pipeline (wire §13.1 handlers, §14): errors, carbons (unwrapped and fed back in),
  // headlines, typing and markers (which stop there), then chat/groupchat messages.
  function onMessageStanza(stanza: XmlElement, carbon: CarbonDirection | null): boolean {
    if (messages.handleError(stanza)) return true;
    if (carbon === null && carbons.handle(stanza, (inner, direction) => onMessageStanza(inner, direction)))
      return true;
    if (systemMessages.handle(stanza)) return true;
    if (carbon === null && chatStates.handle(stanza)) return true;
    if (markers.handle(stanza, carbon)) return true;
    return messages.handle(stanza, carbon);
  }

  const router = createStanzaRouter();
  router.on('message', (stanza) => onMessageStanza(stanza, null));
  // Room presences before contacts: occupants are not roster entries.
  router.on('presence', (stanza) => muc.handlePresence(stanza) || roster.handlePresence(stanza));
  // Replies to our requests before requests to us.
  router.on('iq', (stanza) => iqCaller.handle(stanza) || responder.handle(stanza));

  /** Post-connect actions, wire §13.2 (stream management was enabled by the session already). */
  async function afterOnline({ initial, salvaged }: OnlineInfo): Promise<void> {
    // A fresh session after a drop is in no room until it re-joins them: posts wait (room-posts.ts).
    const release = initial ? () => {} : roomPosts.holdAll();
    let rejoins: ReturnType<typeof muc.rejoinAll> | null = null;
    try {
      carbons.enable().catch(reportError);
      await roster.get().catch(reportError);
      send(xml('presence'));
      if (!initial) rejoins = muc.rejoinAll();
    } finally {
      release();
    }
    if (rejoins) {
      for (const result of await rejoins) if (result.status === 'rejected') reportError(result.reason);
    }
    for (const stanza of salvaged) send(stanza);
    if (!initial) events.emit('reconnect', undefined);
  }

  const client: ChatClient = {
    get state() {
      return session.state;
    },
    get isConnected() {
      return session.live;
    },
    get jid() {
      return session.jid;
    },
    get userId() {
      return userId;
    },
    transport: kind,
    get contacts() {
      return roster.contacts;
    },
    get joinedRooms() {
      return muc.joinedRooms;
    },
    ...eventSource(events),
    session: eventSource(session.events),
    messages: {
      ...eventSource(messages.events),
      sendToDialog: guard(messages.sendToDialog),
    },
    markers: eventSource(markers.events),
    chatStates: eventSource(chatStates.events),
    systemMessages: eventSource(systemMessages.events),
    lastActivity: eventSource(lastActivity.events),
    traffic: eventSource(traffic.events),
    async connect(credentials: ChatCredentials) {
      const target = credentials.jid ?? addressing.jidOf(credentials.userId!);
      const id = chatIdFromJid(target);
      const password = credentials.password ?? credentials.token;
      if (id === null || !password)
        throw new XmppError('Chat credentials need a user id or JID and a password or token');
      await session.connect({ jid: bareJid(target), password });
      // Only a login that succeeded says who we are: a refused one, or one made while already
      // connected (which keeps the current stream, spec §4), leaves the user id as it was.
      userId = me();
      return roster.contacts;
    },
    async disconnect() {
      await session.disconnect();
      iqCaller.rejectAll(new ChatNotConnectedError());
      chatStates.clear();
      muc.clear();
      roster.clear();
    },
    reconnect: () => session.reconnect(),
    acknowledge: () => session.acknowledge(),
    send: guard(messages.send),
    sendSystemMessage: guard(systemMessages.sendSystemMessage),
    sendModuleMessage: guard(systemMessages.sendModuleMessage),
    sendStanza: guard((stanza: XmlElement) => send(stanza)),
    sendIsTypingStatus: guard(chatStates.sendComposing),
    sendIsStopTypingStatus: guard(chatStates.sendPaused),
    sendDeliveredStatus: guard(markers.sendDelivered),
    sendReadStatus: guard(markers.sendRead),
    getLastUserActivity: guard(lastActivity.get),
    ping: guardCallback(ping.ping),
    roster: {
      ...eventSource(roster.events),
      get: guard(roster.get),
      add: guard(roster.add),
      confirm: guard(roster.confirm),
      reject: guard(roster.reject),
      remove: guard(roster.remove),
    },
    muc: {
      ...eventSource(muc.events),
      join: guard(muc.join),
      leave: guard(muc.leave),
      listOnlineUsers: guard(muc.listOnlineUsers),
      kick: guard(muc.kick),
      ban: guard(muc.ban),
    },
    privacy: guardApi(privacy),
    blocking: { ...guardApi(blocking), ...eventSource(blockingEvents) },
    carbons: { enable: guard(carbons.enable), disable: guard(carbons.disable) },
    helpers: clientHelpers(addressing, nextId),
  };
  return client;
}
