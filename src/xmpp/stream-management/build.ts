/** XEP-0198 nonzas (urn:xmpp:sm:3, spec §9 "Stream management namespace version 3"). */
import { STREAM_MANAGEMENT_NS } from '../../shared/constants';
import { xml, type XmlElement } from '../xml/element';

export const SM_NS = STREAM_MANAGEMENT_NS;

/** XEP-0198 §3: `<enable/>`, asking for a resumable session (§5). */
export const buildEnable = (resume: boolean): XmlElement =>
  xml('enable', { xmlns: SM_NS, resume: resume ? 'true' : undefined });

/** XEP-0198 §4: `<r/>` asks the server how many of our stanzas it handled. */
export const buildRequest = (): XmlElement => xml('r', { xmlns: SM_NS });

/** XEP-0198 §4: `<a h/>` tells the server how many of its stanzas we handled. */
export const buildAnswer = (h: number): XmlElement => xml('a', { xmlns: SM_NS, h });

/** XEP-0198 §5: `<resume/>` a previous session by its id, with our inbound count. */
export const buildResume = (previd: string, h: number): XmlElement =>
  xml('resume', { xmlns: SM_NS, previd, h });
