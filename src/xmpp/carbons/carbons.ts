/**
 * Message Carbons, XEP-0280 (urn:xmpp:carbons:2; wire §13.2 step 3): enabled after every login,
 * so our other resources' conversations reach this one. A carbon copy is unwrapped and handed to
 * the message pipeline with its direction — only when it comes from our own bare JID
 * (XEP-0280 §11 "a client MUST … ignore" other senders' carbons).
 */
import { bareJid } from '../addressing/jids';
import type { IqCaller } from '../iq/caller';
import type { CarbonDirection } from '../messages/types';
import { xml, type XmlElement } from '../xml/element';

export const CARBONS_NS = 'urn:xmpp:carbons:2';
const FORWARD_NS = 'urn:xmpp:forward:0';

export const buildCarbons = (enable: boolean): XmlElement =>
  xml('iq', { type: 'set' }, xml(enable ? 'enable' : 'disable', { xmlns: CARBONS_NS }));

/**
 * The forwarded message of a carbon copy and its direction; null when the stanza is not a
 * carbon; `undefined` message when it is one we must ignore.
 */
export function unwrapCarbon(
  stanza: XmlElement,
  myJid: string,
): { direction: CarbonDirection; message: XmlElement | undefined } | null {
  const wrapper = stanza.child('received', CARBONS_NS) ?? stanza.child('sent', CARBONS_NS);
  if (!wrapper) return null;
  const trusted = bareJid(stanza.attrs.from ?? '') === bareJid(myJid) && myJid !== '';
  const message = trusted ? wrapper.child('forwarded', FORWARD_NS)?.child('message') : undefined;
  return { direction: wrapper.name as CarbonDirection, message };
}

export interface CarbonsDeps {
  iqCaller: IqCaller;
  jid(): string;
}

export interface CarbonsApi {
  enable(): Promise<void>;
  disable(): Promise<void>;
  /**
   * Unwraps a carbon copy and passes the forwarded message on; true if the stanza was a carbon
   * (trusted or ignored), so it goes no further itself.
   */
  handle(stanza: XmlElement, forward: (message: XmlElement, direction: CarbonDirection) => void): boolean;
}

export function createCarbons({ iqCaller, jid }: CarbonsDeps): CarbonsApi {
  return {
    enable: async () => {
      await iqCaller.request(buildCarbons(true), { suffix: 'enableCarbons' });
    },
    disable: async () => {
      await iqCaller.request(buildCarbons(false), { suffix: 'disableCarbons' });
    },
    handle(stanza, forward) {
      const carbon = unwrapCarbon(stanza, jid());
      if (!carbon) return false;
      if (carbon.message) forward(carbon.message, carbon.direction);
      return true;
    },
  };
}
