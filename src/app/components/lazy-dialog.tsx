/**
 * The shared dialog, loaded when it first opens: screens that only may open one (a confirmation)
 * keep Headless UI out of their first load (docs/architecture.md §4). Same props as `Dialog`.
 * When its code cannot be fetched — a question asked offline, such as signing out with messages
 * unsent — the dialog is shown plainly instead of failing the page, and the code is fetched again
 * the next time one opens.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import type { DialogProps } from './dialog';
import { useReturnFocus } from './return-focus';

type DialogComponent = ComponentType<DialogProps>;

let loaded: DialogComponent | null = null;
let loading: Promise<DialogComponent> | null = null;

/** Fetches the dialog's code (once; again after a failure). */
function loadDialog(): Promise<DialogComponent> {
  loading ??= import('./dialog').then(
    (m) => (loaded = m.Dialog),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The dialog without Headless UI: title, content and the same buttons, Escape cancels. */
function PlainDialog({ title, children, onCancel, onDone, doneLabel, cancelLabel, hideCancel }: DialogProps) {
  const { t } = useTranslation();
  useReturnFocus(true);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-label={title}
        className="w-[480px] max-w-full rounded-2xl bg-white p-6 shadow-xl"
        onKeyDown={(event) => event.key === 'Escape' && onCancel()}
      >
        <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
        <div className="text-sm text-slate-700">{children}</div>
        <div className="mt-6 flex justify-end gap-3">
          {!hideCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel ?? t('actions.cancel')}
            </Button>
          )}
          {onDone && (
            <Button onClick={onDone} autoFocus>
              {doneLabel ?? t('actions.done')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

export function LazyDialog(props: DialogProps) {
  const [dialog, setDialog] = useState<{ Component: DialogComponent | null; failed: boolean }>({
    Component: loaded,
    failed: false,
  });
  useEffect(() => {
    if (!props.open || dialog.Component) return;
    let current = true;
    loadDialog().then(
      (Component) => current && setDialog({ Component, failed: false }),
      (error: unknown) => {
        console.warn('The dialog could not be loaded; shown plainly', error);
        if (current) setDialog({ Component: null, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [props.open, dialog.Component]);
  if (!props.open) return null;
  if (dialog.failed) return <PlainDialog {...props} />;
  const Loaded = dialog.Component;
  return Loaded ? <Loaded {...props} /> : null;
}
