/**
 * The access log as the operator reads it (`npm run admin -- access-log`): one aligned table with
 * a header row and no empty column. The column of the subject asked for is left out (the title
 * line names her), so is a column no entry has a value in; a single entry without a value shows
 * "-" (issue 26).
 */

/** One row of `GET /internal/admin/access-log` (src/server/access-log/admin-routes.ts). */
export interface AccessLogEntry {
  at: string;
  provider: string;
  providerName: string;
  member: string;
  memberChatId: number;
  kind: string;
  resourceId: string | null;
  address: string | null;
}

export interface AccessLogListing {
  subject: { kind: 'provider' | 'member'; name: string; email: string | null };
  entries: AccessLogEntry[];
}

interface Column {
  title: string;
  /** Left out when the listing is this subject's. */
  subject?: 'provider' | 'member';
  value(e: AccessLogEntry): string | null;
}

const COLUMNS: readonly Column[] = [
  { title: 'When (UTC)', value: (e) => e.at.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') },
  { title: 'Provider', subject: 'provider', value: (e) => `${e.providerName} <${e.provider}>` },
  { title: 'Member', subject: 'member', value: (e) => `${e.member} (${e.memberChatId})` },
  { title: 'Data', value: (e) => e.kind },
  { title: 'Item', value: (e) => e.resourceId },
  { title: 'From', value: (e) => e.address },
];

const GAP = '  ';

/** The title line, then (when there are entries) the header and one line per entry. */
export function accessLogLines(listing: AccessLogListing, since?: string): string[] {
  const { subject, entries } = listing;
  const title = `Health-data accesses ${subject.kind === 'provider' ? 'by' : 'to the data of'} ${subject.name}${since ? ` since ${since}` : ''}: ${entries.length}`;
  if (entries.length === 0) return [title];
  const columns = COLUMNS.filter(
    (c) => c.subject !== subject.kind && entries.some((e) => (c.value(e) ?? '').trim() !== ''),
  );
  const cells = entries.map((e) => columns.map((c) => c.value(e)?.trim() || '-'));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join(GAP)
      .trimEnd();
  return [title, line(columns.map((c) => c.title)), ...cells.map(line)];
}
