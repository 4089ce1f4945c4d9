/**
 * Claim, disclaim and complete, each after a confirmation (the shared dialog, spec §2). A refusal
 * (the report was claimed by someone else meanwhile, it is not complete enough, …) stays in the
 * dialog with the server's reason.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportSummary } from '../../../shared/api/expert-reports';
import { Dialog } from '../../components/dialog';
import { usePortalApi, useToasts } from '../../root';
import { explainReportError } from './errors';
import { useReportAction, type ReportAction } from './queries';

export function useConfirmedAction(onDone?: (action: ReportAction, report: ReportSummary) => void) {
  const toasts = useToasts();
  const { t } = useTranslation('reports');
  const api = usePortalApi();
  const mutation = useReportAction();
  const [asked, setAsked] = useState<{ action: ReportAction; report: ReportSummary } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setAsked(null);
    setError(null);
  };
  const confirm = () => {
    if (!asked) return;
    setError(null);
    // The promise, not mutate's callbacks: completing unmounts the editor this dialog belongs to.
    mutation.mutateAsync({ action: asked.action, reportId: asked.report.reportId }).then(
      () => {
        toasts.show(t(`action.${asked.action}.done`, { title: asked.report.title }), 'success');
        onDone?.(asked.action, asked.report);
        close();
      },
      (e: unknown) => setError(explainReportError(api, e)),
    );
  };
  const dialog = (
    <Dialog
      open={asked !== null}
      title={asked ? t(`action.${asked.action}.title`) : ''}
      onCancel={close}
      onDone={confirm}
      doneLabel={asked ? t(`action.${asked.action}.confirm`) : undefined}
      busy={mutation.isPending}
    >
      {asked && (
        <>
          <p>
            {t(`action.${asked.action}.body`, { title: asked.report.title, member: asked.report.memberName })}
          </p>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
  return { ask: (action: ReportAction, report: ReportSummary) => setAsked({ action, report }), dialog };
}
