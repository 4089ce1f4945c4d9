/**
 * Parses XML text into an {@link XmlElement} with the platform's frame parser
 * (src/xmpp/transport/socket-platform.ts), which tests, the mock transport and traces use.
 */
import { parseFrame } from '../transport/socket-platform';
import type { XmlElement } from './element';

/** Parses one XML element from text; throws when it is not one well-formed element. */
export function parseXml(text: string): XmlElement {
  const root = parseFrame(text);
  if (!root) throw new Error(`Not well-formed XML: ${text.slice(0, 80)}`);
  return root;
}
