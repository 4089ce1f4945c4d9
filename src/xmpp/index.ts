/**
 * The public API of the chat stack (docs/architecture.md §2: the portal imports only this file): the
 * {@link ChatClient} facade and the values and errors it hands out.
 */
export { createChatClient } from './client';
export {
  createSharedChatClient,
  type HolderLocks,
  type SharedChatClient,
  type SharedChatOptions,
} from './sharing/shared-client';
export { SHARE_PROTOCOL, type ShareChannel, type ShareMessage } from './sharing/protocol';
export type { ShareRole } from './sharing/role';
export type {
  ChatClient,
  ChatClientOptions,
  ChatCredentials,
  ChatEvents,
  ChatFeature,
  ClientEvents,
} from './client-types';
export type { EventSource } from '../shared/emitter';
export {
  XmppError,
  StanzaError,
  StreamError,
  SaslError,
  TimeoutError,
  ChatNotConnectedError,
  toVendorError,
  CHAT_NOT_CONNECTED,
  STATUS_REJECT,
  STATUS_ERROR,
  STATUS_CONNFAIL,
  STATUS_AUTHFAIL,
  PING_NO_ANSWER,
  NO_ANSWER,
  PING_INVALID_ARGUMENTS,
  UNKNOWN_ISSUE,
} from './errors/errors';
export type { ConnectionState } from './session/connection-state';
export { CONNECTION_TRANSITIONS } from './session/connection-state';
export type { OfflineInfo, SessionEvents } from './session/session';
export { RESUME_EXPIRED } from './session/session';
export type { ChatMessage, OutgoingMessage, MessageType, CarbonDirection } from './messages/types';
export type { DialogDescriptor, DialogMessage } from './messages/build';
export {
  extraList,
  ExtraList,
  encodeExtraParams,
  decodeExtraParams,
  decodeList,
  decodeValue,
} from './messages/extra-params';
export type {
  Attachment,
  ExtraParams,
  ExtraParamsInput,
  ExtraParamInput,
  ExtraParamValue,
} from './messages/extra-params';
export type { MessageErrorEvent } from './messages/message-errors';
export type { MessageEvents } from './messages/messages';
export type { MarkerEvent, MarkerEvents, MarkerParams } from './markers/markers';
export type { ChatStateEvents, TypingEvent } from './chat-states/chat-states';
export { SYSTEM_NOTIFICATIONS } from './system-messages/system-messages';
export { moduleCarrier, type ModuleCarrier } from './system-messages/module-carrier';
export type {
  SystemMessage,
  ModuleMessage,
  SentModuleMessage,
  HeadlineMessage,
  SystemMessageEvents,
} from './system-messages/system-messages';
export type { Contact, Contacts, Subscription } from './roster/parse';
export type { RosterEvents } from './roster/roster';
export type { OccupantEvent, KickEvent, MucEvents } from './muc/muc';
export type { PrivacyList, PrivacyListItem, PrivacyListNames } from './privacy/types';
export type { PrivacyApi } from './privacy/privacy';
export type { BlockingApi, BlockingEvents, BlockingPush } from './blocking/blocking';
export type { LastActivityEvent, LastActivityEvents } from './last-activity/last-activity';
export type { PingCallback } from './ping/ping';
export { ensureChatConnected, type PingableChat } from './ping/ensure-connected';
export type {
  TransportKind,
  TransportFactory,
  Transport,
  TransportHandlers,
  TransportStatus,
  BoshRequestTraffic,
} from './transport/types';
export type { StanzaTraffic, TrafficDirection, TrafficEvents } from './transport/observed-transport';
export type { Scheduler } from '../shared/time/scheduler';
export { XmlElement, xml } from './xml/element';
export { isObjectId } from './addressing/ids';
export {
  userJid,
  roomJid,
  dialogIdFromRoomJid,
  userIdFromOccupantJid,
  chatIdFromJid,
} from './addressing/jids';
export { ensureXmlHttpRequest } from './transport/node-xhr';
/** XML text to an element (the protocol console's raw stanza editor, docs/console.md). */
export { parseXml } from './xml/parse-xml';
