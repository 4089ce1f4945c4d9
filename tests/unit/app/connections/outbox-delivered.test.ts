/**
 * The restore decision (src/app/connections/chat/outbox-delivered.ts; docs/architecture.md §3
 * "Outbox"): a kept message the history already holds was delivered before the reload and is not
 * sent again; when the history cannot answer, every kept message is sent (nothing typed is lost).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  LOOKUP_PAGE,
  undeliveredRecords,
  type HistoryLookup,
} from '../../../../src/app/connections/chat/outbox-delivered';
import type { StoredOutgoing } from '../../../../src/app/connections/chat/outbox-store';

const dialogA = { id: '5f0000000000000000000001', type: 3 as const, memberId: 200001 };
const dialogB = { id: '5f0000000000000000000002', type: 3 as const, memberId: 200002 };
const message = (id: string, dialog = dialogA): StoredOutgoing => ({
  key: id,
  owner: 100001,
  at: 1000,
  tab: 'tab-a',
  item: { kind: 'message', dialog, message: { id, body: `text ${id}` } },
});
const marker: StoredOutgoing = {
  key: 'read:m0',
  owner: 100001,
  at: 900,
  tab: 'tab-a',
  item: { kind: 'read', messageId: 'm0', userId: 200001, dialogId: dialogA.id },
};
const history =
  (held: Record<string, string[]>): HistoryLookup =>
  async (dialogId, ids) =>
    new Set(ids.filter((id) => held[dialogId]?.includes(id)));

describe('restored outbox against the history', () => {
  it('drops the messages the history holds and keeps the rest in order', async () => {
    const delivered = vi.fn();
    const records = [marker, message('a'), message('b', dialogB), message('c')];
    const lookup = vi.fn(history({ [dialogA.id]: ['a'], [dialogB.id]: ['x'] }));
    const left = await undeliveredRecords(records, lookup, delivered);
    expect(left.map((r) => r.key)).toEqual(['read:m0', 'b', 'c']);
    expect(delivered.mock.calls.map(([r]) => r.key)).toEqual(['a']);
    expect(lookup).toHaveBeenCalledWith(dialogA.id, ['a', 'c']);
    expect(lookup).toHaveBeenCalledWith(dialogB.id, ['b']);
  });

  it('sends everything when the history cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const delivered = vi.fn();
    const records = [message('a'), message('b')];
    const left = await undeliveredRecords(records, () => Promise.reject(new Error('offline')), delivered);
    expect(left).toEqual(records);
    expect(delivered).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('asks in pages, and a page that fails costs only its own check', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const records = Array.from({ length: LOOKUP_PAGE + 1 }, (_, i) => message(`m${i}`));
    const lookup: HistoryLookup = async (_, ids) => {
      if (ids.length === 1) throw new Error('timeout');
      return new Set(ids);
    };
    const left = await undeliveredRecords(records, lookup, () => undefined);
    expect(left.map((r) => r.key)).toEqual([`m${LOOKUP_PAGE}`]);
    vi.restoreAllMocks();
  });

  it('asks nothing when only read markers are kept', async () => {
    const lookup = vi.fn(history({}));
    expect(await undeliveredRecords([marker], lookup, () => undefined)).toEqual([marker]);
    expect(lookup).not.toHaveBeenCalled();
  });
});
