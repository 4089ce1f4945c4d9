/**
 * The shared table (spec §2): columns, rows, a loading state, 'No data available' when empty, and
 * a failed read said as one with a retry (query-failed.tsx).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryFailed } from './query-failed';
import { readFailed, type Read } from './read-failure';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render(row: Row): ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  loading?: boolean;
  /**
   * The rows shown are the previous page's or filter's while the new ones load (TanStack's
   * placeholder data): dimmed, and the table is aria-busy so assistive technology waits for them.
   */
  stale?: boolean;
  caption?: string;
  onRowClick?(row: Row): void;
  /** The rows' read: once it failed with none held, the body says so, with a retry. */
  read?: Read;
  /**
   * The scrolling box's name, for a table wider than a phone's window with nothing focusable in
   * it: the box is then a named region the keyboard can focus and scroll (docs/conventions.md
   * "Accessibility", axe's scrollable-region-focusable).
   */
  scrollLabel?: string;
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading,
  stale,
  caption,
  onRowClick,
  read,
  scrollLabel,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  return (
    // `relative`: the headers' screen-reader text (absolutely placed) stays inside the scrolling box
    // rather than widening the page past a narrow window.
    <div
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
      {...(scrollLabel && { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 })}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={stale || undefined}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`px-4 py-3 text-left font-medium text-slate-600 ${c.className ?? ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 ${stale ? 'opacity-60' : ''}`}>
          {loading ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-500" aria-busy>
                {t('table.loading')}
              </td>
            </tr>
          ) : read && readFailed(read) ? (
            <tr>
              <td colSpan={columns.length}>
                <QueryFailed onRetry={() => void read.refetch()} centered />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-500">
                {t('table.noData')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={onRowClick ? 'cursor-pointer hover:bg-brand-50' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (e) => (e.key === 'Enter' ? onRowClick(row) : undefined) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
              >
                {columns.map((c) => (
                  <td key={c.key} className={`px-4 py-3 text-slate-800 ${c.className ?? ''}`}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
