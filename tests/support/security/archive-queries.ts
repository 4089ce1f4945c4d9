/**
 * Message archive queries (XEP-0313, `urn:xmpp:mam:2`) a stranger sends, as raw stanza text: to
 * herself, to another member's JID, to a room she is not in, to the chat and room services and to
 * nonsense; filtered on other people, on times that are no times, with result-set paging
 * (XEP-0059) that asks for too much, too little or nothing sensible.
 */
import fc from 'fast-check';

export interface ArchiveTargets {
  /** The stranger's own bare JID. */
  self: string;
  /** The archive owner's and her correspondent's bare JIDs. */
  owner: string;
  friend: string;
  /** The owner's group room. */
  room: string;
  domain: string;
}

export interface ArchiveQueryCase {
  kind: string;
  id: string;
  text: string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let sequence = 0;

export function archiveQueryCase(t: ArchiveTargets): fc.Arbitrary<ArchiveQueryCase> {
  const jid = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(t.self, t.owner, t.friend, t.room, `${t.owner}/x`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(t.domain, `muc.${t.domain}`, '', 'a@@b', `${'x'.repeat(2000)}@${t.domain}`),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
  const time = fc.oneof(
    fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01') })
      .map((d) => (Number.isNaN(d.getTime()) ? 'not a date' : d.toISOString())),
    fc.constantFrom('0000-00-00T00:00:00Z', 'yesterday', '', '9999-99-99'),
    fc.string({ maxLength: 30 }),
  );
  const field = fc.oneof(
    jid.map((v) => ['with', v] as const),
    time.map((v) => ['start', v] as const),
    time.map((v) => ['end', v] as const),
    fc.string({ maxLength: 30 }).map((v) => ['before-id', v] as const),
    fc.string({ maxLength: 30 }).map((v) => ['after-id', v] as const),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 20 }))
      .map(([name, v]) => [name, v] as const),
  );
  const rsm = fc.option(
    fc.record({
      max: fc.option(
        fc.oneof(fc.integer({ min: -5, max: 1_000_000 }).map(String), fc.string({ maxLength: 8 })),
        {
          nil: undefined,
        },
      ),
      after: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
      before: fc.option(fc.oneof(fc.constant(''), fc.string({ maxLength: 30 })), { nil: undefined }),
    }),
    { nil: undefined },
  );
  return fc
    .record({
      to: fc.option(jid, { nil: undefined }),
      xmlns: fc.oneof(
        { weight: 6, arbitrary: fc.constant('urn:xmpp:mam:2') },
        { weight: 1, arbitrary: fc.constantFrom('urn:xmpp:mam:1', 'urn:xmpp:mam:0', 'urn:xmpp:mam:9') },
      ),
      type: fc.oneof(
        { weight: 6, arbitrary: fc.constant('set') },
        { weight: 1, arbitrary: fc.constantFrom('get', 'result', 'bogus') },
      ),
      queryid: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('x'.repeat(3000))),
      fields: fc.array(field, { maxLength: 4 }),
      flip: fc.boolean(),
      rsm,
      n: fc.nat(),
    })
    .map((c) => {
      const id = `mam-${c.n}-${sequence++}`;
      const form =
        c.fields.length === 0
          ? ''
          : `<x xmlns="jabber:x:data" type="submit"><field var="FORM_TYPE" type="hidden"><value>${c.xmlns}</value></field>${c.fields
              .map(([name, v]) => `<field var="${escape(name)}"><value>${escape(v)}</value></field>`)
              .join('')}</x>`;
      const paging = c.rsm
        ? `<set xmlns="http://jabber.org/protocol/rsm">${c.rsm.max === undefined ? '' : `<max>${escape(c.rsm.max)}</max>`}${
            c.rsm.after === undefined ? '' : `<after>${escape(c.rsm.after)}</after>`
          }${c.rsm.before === undefined ? '' : `<before>${escape(c.rsm.before)}</before>`}</set>`
        : '';
      const to = c.to === undefined ? '' : ` to="${escape(c.to)}"`;
      return {
        kind: `${c.type} ${c.xmlns.slice(-5)} to ${c.to === undefined ? 'self' : c.to === t.owner ? 'owner' : c.to === t.room ? 'room' : 'other'}, ${c.fields.length} fields${c.rsm ? ', paged' : ''}`,
        id,
        text: `<iq xmlns="jabber:client" type="${c.type}" id="${id}"${to}><query xmlns="${c.xmlns}" queryid="${escape(c.queryid)}">${form}${paging}${c.flip ? '<flip-page/>' : ''}</query></iq>`,
      };
    });
}
