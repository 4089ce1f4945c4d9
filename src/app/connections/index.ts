/**
 * The connection layer of the portal (docs/architecture.md §2): one place for the long-lived connections of the
 * signed-in area — the chat (XMPP and chat-service REST) and the app socket — owned by the
 * signed-in shell and read through hooks. Features never import each other to reach them.
 */
export { ConnectionsProvider, keptChatOutbox, type ConnectionsProviderProps } from './connections-provider';
export { useAppSocket, useChat, useChatLink, useTraffic, type ChatLinkView } from './use-connections';
export type { ChatPlugin, ChatRuntime, Outgoing } from './chat/types';
export type { StoredOutgoing } from './chat/outbox-store';
export type { ChatLink } from './chat/chat-link';
export {
  CALL_MODULE,
  callBridge,
  callCarrier,
  callRingPlugin,
  requestCall,
  takeCallRequest,
  type CallMedia,
  type CallRequest,
} from './calls/call-bridge';
export type { AppSocketPlugin } from './app-socket/app-socket-state';
export type { Traffic, TrafficEvent, TrafficListener } from '../api/traffic';
