/**
 * The audit popup, loaded when it first opens with its translations (`profile`): the dialog,
 * Headless UI and the namespace stay out of the dashboard's and the main layout's first load
 * (docs/architecture.md §4).
 */
import { lazy, Suspense } from 'react';
import type { AuditPopupProps } from './audit-popup';
import { withNamespaces } from '../../i18n';

const Popup = lazy(() =>
  withNamespaces(() => import('./audit-popup'), 'profile')().then((m) => ({ default: m.AuditPopup })),
);

export function LazyAuditPopup(props: AuditPopupProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}
