/** XEP-0199 XMPP Ping: `<iq type="get" to id="…:ping"><ping xmlns="urn:xmpp:ping"/></iq>` (wire §13.3, §15). */
import { stanzaId } from '../addressing/ids';
import { xml, type XmlElement } from '../xml/element';

export const PING_NS = 'urn:xmpp:ping';

export const buildPing = (to: string): XmlElement =>
  xml('iq', { type: 'get', to, id: stanzaId('ping') }, xml('ping', { xmlns: PING_NS }));
