/** One figure of the dashboard; `null` shows "—" with the reason (never an invented number). */
import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  note,
  action,
}: {
  label: string;
  value: ReactNode | null;
  note?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-5">
      <span className="text-sm text-slate-500">{label}</span>
      <span className="text-3xl font-semibold text-slate-900" aria-label={`${label}: ${value ?? '—'}`}>
        {value ?? '—'}
      </span>
      {note && <span className="text-xs text-slate-500">{note}</span>}
      {action}
    </div>
  );
}
