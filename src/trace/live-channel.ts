/**
 * The channel between a portal tab and a console tab of the same browser (docs/console.md
 * "Inspect a live portal tab"): a BroadcastChannel, so only tabs of one origin in one browser
 * profile meet. A console asks `attach` (and repeats it while it watches); a tab then forwards its
 * traffic until `detach` or until no `attach` came for {@link ATTACH_TTL_MS}.
 */
import type { BoshRequest } from './decode-bosh';
import type { RestCall } from './decode-rest';

export const LIVE_CHANNEL = 'portal-console';
export const ATTACH_EVERY_MS = 2_000;
export const ATTACH_TTL_MS = 6_000;

export type LiveTrafficEvent =
  | { channel: 'xmpp'; direction: 'in' | 'out'; xml: string }
  | { channel: 'stomp'; direction: 'in' | 'out'; frame: string | ArrayBuffer | Blob }
  | ({ channel: 'rest' } & RestCall)
  | ({ channel: 'bosh' } & BoshRequest);

export type LiveMessage =
  | { type: 'hello' }
  | { type: 'attach'; tab: string }
  | { type: 'detach'; tab: string }
  | { type: 'tab'; tab: string; page: string }
  | { type: 'traffic'; tab: string; event: LiveTrafficEvent };
