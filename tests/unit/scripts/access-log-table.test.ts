/**
 * `npm run admin -- access-log` as the operator reads it (scripts/admin/commands/access-log-table.ts,
 * issue 26): an aligned table with a header, the subject's own column left out, no column that
 * is empty in every row, a single missing value shown as "-".
 */
import { describe, expect, it } from 'vitest';
import {
  accessLogLines,
  type AccessLogEntry,
  type AccessLogListing,
} from '../../../scripts/admin/commands/access-log-table';

const entry = (over: Partial<AccessLogEntry>): AccessLogEntry => ({
  at: '2026-11-28T15:20:01.123Z',
  provider: 'amelia.hart@clinic.example',
  providerName: 'Amelia Hart',
  member: 'Clara Jensen',
  memberChatId: 200003,
  kind: 'report',
  resourceId: '12',
  address: '127.0.0.1',
  ...over,
});

const columns = (lines: string[]) => lines[1]!.split(/\s{2,}/);

describe('the access-log table', () => {
  it('by provider: no provider column, every column filled, aligned', () => {
    const listing: AccessLogListing = {
      subject: { kind: 'provider', name: 'Amelia Hart', email: 'amelia.hart@clinic.example' },
      entries: [
        entry({}),
        entry({ kind: 'member-info', resourceId: null, member: 'Ava Brown', memberChatId: 200001 }),
      ],
    };
    const lines = accessLogLines(listing, '2026-11-28T00:00:00.000Z');
    expect(lines[0]).toBe('Health-data accesses by Amelia Hart since 2026-11-28T00:00:00.000Z: 2');
    expect(columns(lines)).toEqual(['When (UTC)', 'Member', 'Data', 'Item', 'From']);
    expect(lines[2]).toMatch(/^2026-11-28 15:20:01\s+Clara Jensen \(200003\)\s+report\s+12\s+127\.0\.0\.1$/);
    expect(lines[3]).toMatch(/^2026-11-28 15:20:01\s+Ava Brown \(200001\)\s+member-info\s+-\s+127\.0\.0\.1$/);
    // Aligned: each column starts at the same place on every line.
    expect(lines[2]!.indexOf('report')).toBe(lines[1]!.indexOf('Data'));
    expect(lines[3]!.indexOf('member-info')).toBe(lines[1]!.indexOf('Data'));
  });

  it('by member: the provider shows with her name, the member column goes', () => {
    const lines = accessLogLines({
      subject: { kind: 'member', name: 'Clara Jensen', email: null },
      entries: [entry({})],
    });
    expect(lines[0]).toBe('Health-data accesses to the data of Clara Jensen: 1');
    expect(columns(lines)).toEqual(['When (UTC)', 'Provider', 'Data', 'Item', 'From']);
    expect(lines[2]).toContain('Amelia Hart <amelia.hart@clinic.example>');
  });

  it('drops a column no entry has a value in', () => {
    const lines = accessLogLines({
      subject: { kind: 'provider', name: 'Amelia Hart', email: null },
      entries: [entry({ resourceId: null, address: null }), entry({ resourceId: '', address: ' ' })],
    });
    expect(columns(lines)).toEqual(['When (UTC)', 'Member', 'Data']);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/\s-(\s|$)/);
  });

  it('with no entries, only the title line', () => {
    expect(
      accessLogLines({ subject: { kind: 'member', name: 'Clara Jensen', email: null }, entries: [] }),
    ).toEqual(['Health-data accesses to the data of Clara Jensen: 0']);
  });
});
