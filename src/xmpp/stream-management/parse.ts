/** Reads XEP-0198 nonzas (urn:xmpp:sm:3) into typed values; pure. */
import type { XmlElement } from '../xml/element';
import { SM_NS } from './build';

export type SmNonza =
  | { kind: 'enabled'; id: string | null; resume: boolean; max: number | null }
  | { kind: 'resumed'; h: number; previd: string | null }
  | { kind: 'failed'; h: number | null; condition: string | null }
  | { kind: 'r' }
  | { kind: 'a'; h: number };

const toCount = (value: string | undefined): number | null => {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value) % 2 ** 32;
};

/** The nonza, or null if the element is not one of XEP-0198's. */
export function parseSmNonza(element: XmlElement): SmNonza | null {
  if (element.ns !== SM_NS) return null;
  const { attrs } = element;
  switch (element.name) {
    case 'enabled':
      return {
        kind: 'enabled',
        id: attrs.id ?? null,
        resume: attrs.resume === 'true' || attrs.resume === '1',
        max: toCount(attrs.max),
      };
    case 'resumed':
      return { kind: 'resumed', h: toCount(attrs.h) ?? 0, previd: attrs.previd ?? null };
    case 'failed':
      return { kind: 'failed', h: toCount(attrs.h), condition: element.elements()[0]?.name ?? null };
    case 'r':
      return { kind: 'r' };
    case 'a':
      return { kind: 'a', h: toCount(attrs.h) ?? 0 };
    default:
      return null;
  }
}
