/**
 * Pagination widgets (spec §2, sizes of spec §9): the table pagination with page sizes
 * 10/20/50/100 and page numbers, and the simple one with 5/10/15/20 (default 5).
 */
import { useTranslation } from 'react-i18next';
import { SIMPLE_PAGE_SIZES, TABLE_PAGE_SIZES } from '../../shared/constants';
import { clampPage, pageCount, visiblePages } from './page-math';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange(page: number, pageSize: number): void;
}

function SizeSelect({
  sizes,
  value,
  onChange,
}: {
  sizes: readonly number[];
  value: number;
  onChange(size: number): void;
}) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={t('pagination.perPage', { count: value })}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
    >
      {sizes.map((s) => (
        <option key={s} value={s}>
          {t('pagination.perPage', { count: s })}
        </option>
      ))}
    </select>
  );
}

function Arrow({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick(): void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-lg px-2 py-1 text-slate-700 hover:bg-slate-100 disabled:text-slate-300"
    >
      {children}
    </button>
  );
}

export function Pagination({ page, pageSize, total, onChange }: PaginationProps) {
  const { t } = useTranslation();
  const count = pageCount(total, pageSize);
  const current = clampPage(page, total, pageSize);
  return (
    <nav aria-label="pagination" className="flex flex-wrap items-center justify-end gap-2 py-3 text-sm">
      <span className="text-slate-600">{t('pagination.total', { count: total })}</span>
      <SizeSelect sizes={TABLE_PAGE_SIZES} value={pageSize} onChange={(size) => onChange(1, size)} />
      <Arrow
        label={t('pagination.previous')}
        disabled={current <= 1}
        onClick={() => onChange(current - 1, pageSize)}
      >
        ‹
      </Arrow>
      {visiblePages(current, count).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={t('pagination.page', { page: p })}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => onChange(p, pageSize)}
            className={`min-w-8 rounded-lg px-2 py-1 ${p === current ? 'bg-brand text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {p}
          </button>
        ),
      )}
      <Arrow
        label={t('pagination.next')}
        disabled={current >= count}
        onClick={() => onChange(current + 1, pageSize)}
      >
        ›
      </Arrow>
    </nav>
  );
}

export function SimplePagination({ page, pageSize, total, onChange }: PaginationProps) {
  const { t } = useTranslation();
  const count = pageCount(total, pageSize);
  const current = clampPage(page, total, pageSize);
  return (
    <nav aria-label="pagination" className="flex items-center justify-end gap-2 py-2 text-sm">
      <SizeSelect sizes={SIMPLE_PAGE_SIZES} value={pageSize} onChange={(size) => onChange(1, size)} />
      <Arrow
        label={t('pagination.previous')}
        disabled={current <= 1}
        onClick={() => onChange(current - 1, pageSize)}
      >
        ‹
      </Arrow>
      <span className="text-slate-600">
        {current} / {count}
      </span>
      <Arrow
        label={t('pagination.next')}
        disabled={current >= count}
        onClick={() => onChange(current + 1, pageSize)}
      >
        ›
      </Arrow>
    </nav>
  );
}
