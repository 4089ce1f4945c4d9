/**
 * The shared dialog (spec §2): a title, content and Cancel/Done buttons; Escape cancels; focus goes
 * back to the control that opened it (return-focus.ts), and stays on Done when what it does fails
 * (the shared Button, keep-focus.ts).
 */
import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onCancel(): void;
  onDone?(): void;
  doneLabel?: string;
  cancelLabel?: string;
  doneDisabled?: boolean;
  busy?: boolean;
  /** Width in px; the audit popup is 530 (spec §9). */
  width?: number;
  /** Hide the Cancel button (dialogs that must be answered). */
  hideCancel?: boolean;
  /** Focus the Done button when the dialog opens (instead of the first focusable element). */
  focusDone?: boolean;
}

export function Dialog({
  open,
  title,
  children,
  onCancel,
  onDone,
  doneLabel,
  cancelLabel,
  doneDisabled,
  busy,
  width = 480,
  hideCancel,
  focusDone,
}: DialogProps) {
  const { t } = useTranslation();
  useReturnFocus(open);
  return (
    <HeadlessDialog
      open={open}
      onClose={onCancel}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden />
      <DialogPanel
        style={{ width, maxWidth: '100%' }}
        className="relative max-h-[90vh] overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
      >
        <DialogTitle className="mb-4 text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <div className="text-sm text-slate-700">{children}</div>
        <div className="mt-6 flex justify-end gap-3">
          {!hideCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel ?? t('actions.cancel')}
            </Button>
          )}
          {onDone && (
            <Button
              onClick={onDone}
              disabled={doneDisabled}
              busy={busy}
              data-autofocus={focusDone || undefined}
            >
              {doneLabel ?? t('actions.done')}
            </Button>
          )}
        </div>
      </DialogPanel>
    </HeadlessDialog>
  );
}
