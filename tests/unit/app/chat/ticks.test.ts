/** docs/lessons.md §9 ticks; XEP-0333 markers cover earlier messages of the same sender. */
import { describe, expect, it } from 'vitest';
import { applyMarker, tickOf } from '../../../../src/app/features/chat/ticks';
import { entry } from './entry-fixture';

const ME = 1;
const MEMBER = 2;

describe('tickOf', () => {
  it('walks waiting → sent → delivered → read, and shows failures', () => {
    expect(tickOf(entry('m', { senderId: ME, onServer: false }), ME)).toBe('waiting');
    expect(tickOf(entry('m', { senderId: ME }), ME)).toBe('sent');
    expect(tickOf(entry('m', { senderId: ME, deliveredTo: [MEMBER] }), ME)).toBe('delivered');
    expect(tickOf(entry('m', { senderId: ME, deliveredTo: [MEMBER], readBy: [MEMBER] }), ME)).toBe('read');
    expect(tickOf(entry('m', { senderId: ME, failed: true, onServer: false }), ME)).toBe('failed');
  });

  it('gives other people’s messages no tick and ignores our own markers', () => {
    expect(tickOf(entry('m', { senderId: MEMBER }), ME)).toBeNull();
    expect(tickOf(entry('m', { senderId: ME, readBy: [ME] }), ME)).toBe('sent');
  });
});

describe('applyMarker', () => {
  const conversation = () => [
    entry('1', { senderId: ME, onServer: false }),
    entry('2', { senderId: MEMBER }),
    entry('3', { senderId: ME }),
    entry('4', { senderId: ME }),
  ];

  it('marks the message and every earlier one of ours as read and delivered', () => {
    const next = applyMarker(conversation(), { messageId: '3', userId: MEMBER, kind: 'read' });
    expect(next.map((e) => tickOf(e, ME))).toEqual(['read', null, 'read', 'sent']);
  });

  it('a delivered marker does not claim a read', () => {
    const next = applyMarker(conversation(), { messageId: '4', userId: MEMBER, kind: 'delivered' });
    expect(next.map((e) => tickOf(e, ME))).toEqual(['delivered', null, 'delivered', 'delivered']);
  });

  it('changes nothing for an unknown id or a repeated marker', () => {
    const list = conversation();
    expect(applyMarker(list, { messageId: 'nope', userId: MEMBER, kind: 'read' })).toBe(list);
    const once = applyMarker(list, { messageId: '4', userId: MEMBER, kind: 'read' });
    expect(applyMarker(once, { messageId: '4', userId: MEMBER, kind: 'read' })).toBe(once);
  });
});
