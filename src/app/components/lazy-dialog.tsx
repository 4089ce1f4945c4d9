/**
 * The shared dialog, loaded when it first opens: screens that only may open one (a confirmation)
 * keep Headless UI out of their first load (docs/architecture.md §4). Same props as `Dialog`.
 */
import { lazy, Suspense } from 'react';
import type { DialogProps } from './dialog';

const Dialog = lazy(() => import('./dialog').then((m) => ({ default: m.Dialog })));

export function LazyDialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
