import { X } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { ToastStore } from './toast-store';

const KIND: Record<string, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-brand-100 bg-brand-50 text-brand-700',
};

/** Shows the toasts of `toasts` (the portal root's). */
export function Toaster({ toasts }: { toasts: ToastStore }) {
  const { items } = useSnapshot(toasts.state);
  const { t } = useTranslation();
  return (
    <div
      aria-live="assertive"
      className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4"
    >
      {items.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow ${KIND[toast.kind]}`}
        >
          <span className="flex-1">{toast.text}</span>
          <button
            type="button"
            aria-label={t('actions.close')}
            onClick={() => toasts.dismiss(toast.id)}
            className="opacity-60 hover:opacity-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
