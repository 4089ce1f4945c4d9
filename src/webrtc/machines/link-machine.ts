/**
 * One RTCPeerConnection's life (docs/calls.md "Browser and Node"): `made` until the remote offer
 * or answer is applied (`described`; a later description, an answer to our ICE-restart offer or a
 * renegotiation, keeps it there), `closed` for good once destroyed here or lost (ICE failed or
 * closed, a peer error). A closed link takes no more signals: what the network still brings for
 * it is dropped (peer-link.ts). The session and peer machines are the call's side of it.
 */
import { createMachine, type Machine } from './machine';

export const LinkState = {
  MADE: 'made',
  DESCRIBED: 'described',
  CLOSED: 'closed',
} as const;
export type LinkState = (typeof LinkState)[keyof typeof LinkState];

const { MADE, DESCRIBED, CLOSED } = LinkState;

export const LINK_TRANSITIONS: Readonly<Record<LinkState, readonly LinkState[]>> = {
  [MADE]: [DESCRIBED, CLOSED],
  [DESCRIBED]: [DESCRIBED, CLOSED],
  [CLOSED]: [],
};

export function createLinkMachine(): Machine<LinkState> {
  return createMachine<LinkState>('peer link', LINK_TRANSITIONS, MADE);
}
