/**
 * /question (spec §2, outside the main layout, no chat connection): the intake questionnaire a
 * member filled in for one of the provider's appointments, opened from /orders/detail. Another
 * provider's appointment is NOT_FOUND on the server and shows the same sentence as a missing one.
 */
import { ArrowLeft } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../rest';
import { Button } from '../../components/button';
import { formatDateTime } from '../../components/format';
import { QueryFailed } from '../../components/query-failed';
import { IntakeSections } from './intake-sections';
import { questionnaireQuery } from './queries';
import { usePortalApi, useTimeZone } from '../../root';

export function IntakeQuestionnaire({
  appointmentId,
  appointmentPath,
}: {
  appointmentId: number;
  /** Where "Back to the appointment" goes. */
  appointmentPath: string;
}) {
  const { t, i18n } = useTranslation('intake');
  const timeZone = useTimeZone();
  const lang = i18n.language;
  const api = usePortalApi();
  const query = useQuery(questionnaireQuery(api, appointmentId));

  if (query.isPending) return <p className="text-slate-500">{t('common:loading')}</p>;
  if (!query.data) {
    const { error } = query;
    // What asking again would not change (not hers, not there) is said; the rest can be retried.
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500)
      return <QueryFailed onRetry={() => void query.refetch()} />;
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
        {error.code === 'NOT_FOUND' ? t('notFound') : error.message}
      </p>
    );
  }
  const { appointment: a, questionnaire: q } = query.data;
  return (
    <article aria-label={t('title')} className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={appointmentPath} className="flex items-center gap-1 text-sm text-brand hover:underline">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t('backToAppointment')}
        </Link>
        {q && (
          <Button variant="secondary" onClick={() => window.print()}>
            {t('print')}
          </Button>
        )}
      </div>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="text-slate-700">
          {t('for', { name: a.memberName, time: formatDateTime(a.startsAt, lang, timeZone) })}
        </p>
        {a.topic && <p className="text-sm text-slate-600">{t('topic', { topic: a.topic })}</p>}
        {q && (
          <p className="text-sm text-slate-500">
            {t('submitted', { time: formatDateTime(q.submittedAt, lang, timeZone) })}
          </p>
        )}
      </header>
      {q ? (
        <IntakeSections answers={q.answers} />
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {t('notFilled', { name: a.memberName })}
        </p>
      )}
    </article>
  );
}
