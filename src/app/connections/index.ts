/**
 * The connection layer of the portal (docs/architecture.md §2, §3 "The portal runtime"): the
 * long-lived connections of the signed-in area — the chat (XMPP and chat-service REST), the app
 * socket and the call signals — owned by the portal runtime (src/app/runtime) and read through
 * hooks. Features never import each other to reach them.
 */
export { ConnectionsProvider, type ConnectionsProviderProps } from './connections-provider';
export { createConnections, type Connections, type ConnectionsOptions } from './connections';
export { ConnectionsContext, useConnections } from './connections-context';
export {
  useAppSocket,
  useCallBridge,
  useChat,
  useChatLink,
  useKeptOutbox,
  useRequestCall,
  useTraffic,
  type ChatLinkView,
} from './use-connections';
export type { ChatPlugin, ChatRuntime, Outgoing } from './chat/types';
export type { StoredOutgoing } from './chat/outbox-store';
export type { ChatLink } from './chat/chat-link';
export {
  CALL_MODULE,
  createCallBridge,
  type CallBridge,
  type CallBridgeSnapshot,
  type CallMedia,
  type CallRequest,
} from './calls/call-bridge';
export type { AppSocketPlugin } from './app-socket/app-socket-state';
export type { Traffic, TrafficEvent, TrafficListener } from '../api/traffic';
