/**
 * What a tab's shared chat client does by name (docs/architecture.md §3 "One chat connection per
 * browser"): each operation is handed to `call`, which runs it on the held client or sends it to
 * the holder (`METHODS` in ./protocol.ts), and the addressing helpers, which need no connection.
 */
import type { Addressing } from '../addressing/jids';
import { clientHelpers } from '../client-helpers';
import type { ChatClient, ChatFeature } from '../client-types';
import type { MethodName } from './protocol';

/** A feature's operations without its events. */
type OperationsOf<T> = Omit<T, 'on' | 'off' | 'once'>;

/** The client's members that are one named operation each, and its helpers (without any events). */
export type DelegatedOperations = Omit<
  ChatClient,
  | ChatFeature
  | 'state'
  | 'isConnected'
  | 'jid'
  | 'userId'
  | 'transport'
  | 'contacts'
  | 'joinedRooms'
  | 'on'
  | 'off'
  | 'once'
  | 'connect'
  | 'disconnect'
  | 'suspend'
  | 'resume'
  | 'ping'
> & {
  messages: OperationsOf<ChatClient['messages']>;
  roster: OperationsOf<ChatClient['roster']>;
  muc: OperationsOf<ChatClient['muc']>;
  blocking: OperationsOf<ChatClient['blocking']>;
};

export function delegatedOperations(
  call: <R>(method: MethodName) => (...args: unknown[]) => R,
  addressing: Addressing,
  nextId: () => string,
): DelegatedOperations {
  return {
    reconnect: call('reconnect'),
    acknowledge: call('acknowledge'),
    send: call('send'),
    sendSystemMessage: call('sendSystemMessage'),
    sendModuleMessage: call('sendModuleMessage'),
    sendStanza: call('sendStanza'),
    sendIsTypingStatus: call('sendIsTypingStatus'),
    sendIsStopTypingStatus: call('sendIsStopTypingStatus'),
    sendDeliveredStatus: call('sendDeliveredStatus'),
    sendReadStatus: call('sendReadStatus'),
    getLastUserActivity: call('getLastUserActivity'),
    messages: { sendToDialog: call('messages.sendToDialog') },
    roster: {
      get: call('roster.get'),
      add: call('roster.add'),
      confirm: call('roster.confirm'),
      reject: call('roster.reject'),
      remove: call('roster.remove'),
    },
    muc: {
      join: call('muc.join'),
      leave: call('muc.leave'),
      listOnlineUsers: call('muc.listOnlineUsers'),
      kick: call('muc.kick'),
      ban: call('muc.ban'),
    },
    privacy: {
      create: call('privacy.create'),
      getList: call('privacy.getList'),
      update: call('privacy.update'),
      getNames: call('privacy.getNames'),
      delete: call('privacy.delete'),
      setAsDefault: call('privacy.setAsDefault'),
      setAsActive: call('privacy.setAsActive'),
    },
    blocking: {
      list: call('blocking.list'),
      block: call('blocking.block'),
      unblock: call('blocking.unblock'),
    },
    carbons: { enable: call('carbons.enable'), disable: call('carbons.disable') },
    helpers: clientHelpers(addressing, nextId),
  };
}
