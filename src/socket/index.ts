/** Public API of the app socket (spec §7 "Real-time app socket"); the portal imports only this file. */
export {
  createAppSocket,
  AppSocketNotConnectedError,
  type AppSocket,
  type AppSocketEvents,
  type AppSocketOptions,
  type AppSocketTimers,
} from './app-socket';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
export {
  appsocket,
  CodecError,
  decodeClientMessage,
  decodeServerMessage,
  encodeClientMessage,
  encodeServerMessage,
  redDotPushOf,
  type ClientMessageInit,
  type ServerMessageInit,
} from './codec';
export {
  APP_SOCKET_TRANSITIONS,
  createLifecycle,
  IllegalTransitionError,
  type AppSocketState,
} from './connection-state';
