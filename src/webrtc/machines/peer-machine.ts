/**
 * The peer lifecycle of wire §20.3 and spec §4 "Peer states": `new` until its offer or answer is
 * being made (`connecting`), then the ICE states as they come. `disconnected` and `failed` may
 * recover, and a live peer may be rebuilt: an ICE restart (wire §20.7) starts a new connection, back
 * through `connecting`. `closed` is final.
 */
import { PeerState } from '../constants';
import { createMachine, type Machine } from './machine';

const { NEW, CONNECTING, CHECKING, CONNECTED, DISCONNECTED, FAILED, CLOSED, COMPLETED } = PeerState;

export const PEER_TRANSITIONS: Readonly<Record<PeerState, readonly PeerState[]>> = {
  [NEW]: [CONNECTING, CLOSED],
  [CONNECTING]: [CHECKING, CONNECTED, COMPLETED, DISCONNECTED, FAILED, CLOSED],
  [CHECKING]: [CONNECTING, CONNECTED, COMPLETED, DISCONNECTED, FAILED, CLOSED],
  [CONNECTED]: [COMPLETED, CONNECTING, CHECKING, DISCONNECTED, FAILED, CLOSED],
  [COMPLETED]: [CONNECTED, CONNECTING, CHECKING, DISCONNECTED, FAILED, CLOSED],
  [DISCONNECTED]: [CONNECTING, CHECKING, CONNECTED, COMPLETED, FAILED, CLOSED],
  [FAILED]: [CONNECTING, CHECKING, CONNECTED, CLOSED],
  [CLOSED]: [],
};

export function createPeerMachine(
  onChange?: (state: PeerState, from: PeerState) => void,
): Machine<PeerState> {
  return createMachine<PeerState>('call peer', PEER_TRANSITIONS, NEW, onChange);
}
