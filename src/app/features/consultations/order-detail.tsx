/**
 * /orders/detail (spec §2): one appointment with the client, the topic, the fee and its history;
 * start it, end it (spec §7 consultation/end?quickBloxId=) or cancel it with a reason.
 */
import { ArrowLeft } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../rest';
import type { AppointmentDetail } from '../../../shared/api/consultation';
import { consultationCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { QueryFailed, readFailed } from '../../components/query-failed';
import { formatDateTime, formatMoney, formatTime } from '../../components/format';
import { paths, questionPath } from '../../paths';
import { messagePath, reportsPath } from './links';
import { StartCallButtons } from '../../components/start-call-buttons';
import { useRequestCall } from '../../connections';
import { ORDERS_KEY, orderQuery } from './queries';
import { StatusBadge } from './status-badge';
import { usePortalApi, useTimeZone } from '../../root';

const START_EARLY_MS = 15 * 60_000;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function OrderDetail({ id }: { id: number }) {
  const requestCall = useRequestCall();
  const { t, i18n } = useTranslation('workspace');
  const timeZone = useTimeZone();
  const client = useQueryClient();
  const api = usePortalApi();
  const calls = consultationCalls(api);
  const detail = useQuery(orderQuery(api, id));
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const done = (a: AppointmentDetail) => {
    client.setQueryData(orderQuery(api, id).queryKey, a);
    void client.invalidateQueries({ queryKey: ORDERS_KEY });
    // The dashboard's counts and lists are the dashboard feature's (api/query-keys.ts).
    void client.invalidateQueries({ queryKey: QUERY_ROOTS.dashboard });
  };
  const start = useMutation({ mutationFn: () => calls.start(id), onSuccess: done });
  const end = useMutation({ mutationFn: (chatId: number) => calls.end(chatId), onSuccess: done });
  const cancel = useMutation({ mutationFn: () => calls.cancel({ id, reason }), onSuccess: done });

  if (detail.isPending) return <p className="text-slate-500">{t('common:loading')}</p>;
  if (readFailed(detail) && !(detail.error instanceof ApiError && detail.error.code === 'NOT_FOUND'))
    return <QueryFailed onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <p className="text-slate-500">{t('orders.notFound')}</p>;
  const a = detail.data;
  const now = Date.now();
  const starts = Date.parse(a.startsAt);
  const canStart = a.status === 'UPCOMING' && now >= starts - START_EARLY_MS && now < Date.parse(a.endsAt);
  const canEnd = a.status === 'IN_PROGRESS' || (a.status === 'UPCOMING' && now >= starts);
  const lang = i18n.language;

  return (
    <article aria-label={t('orders.detailTitle')} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={paths.orders} className="flex items-center gap-1 text-sm text-brand hover:underline">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {t('orders.back')}
        </Link>
      </div>
      <header className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6">
        <div className="flex-1">
          <h2 className="text-xl font-semibold">{a.memberName}</h2>
          <p className="text-sm text-slate-600">
            {formatDateTime(a.startsAt, lang, timeZone)} – {formatTime(a.endsAt, lang, timeZone)}
          </p>
        </div>
        <StatusBadge status={a.status} />
        <div className="flex flex-wrap gap-2">
          <Link
            to={messagePath(a.memberChatId)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
          >
            {t('clients.message')}
          </Link>
          <Link
            to={questionPath(a.id)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
          >
            {t('orders.questionnaire')}
          </Link>
          <Link
            to={reportsPath(a.memberName)}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
          >
            {t('clients.reports')}
          </Link>
          {(a.status === 'UPCOMING' || a.status === 'IN_PROGRESS') && (
            <StartCallButtons
              name={a.memberName}
              onCall={(media) =>
                requestCall({ opponentId: a.memberChatId, media, name: a.memberName, consultation: true })
              }
            />
          )}
          {canStart && (
            <Button onClick={() => start.mutate()} busy={start.isPending}>
              {t('orders.start')}
            </Button>
          )}
          {canEnd && <Button onClick={() => setConfirmEnd(true)}>{t('orders.end')}</Button>}
          {a.status === 'UPCOMING' && (
            <Button variant="danger" onClick={() => setCancelOpen(true)}>
              {t('orders.cancel')}
            </Button>
          )}
        </div>
      </header>
      <dl className="rounded-2xl border border-slate-200 bg-white px-6">
        <Row label={t('orders.topic')}>{a.topic || '—'}</Row>
        <Row label={t('orders.fee')}>{formatMoney(a.fee.amountCents, a.fee.currency, lang)}</Row>
        <Row label={t('orders.clientZone')}>
          {a.memberTimezone}
          {a.memberCountry && ` · ${a.memberCountry}`} · {formatTime(a.startsAt, lang, a.memberTimezone)}
        </Row>
        <Row label={t('orders.history')}>
          {t('orders.consultationsWithClient', { count: a.consultationsWithClient })}
        </Row>
        <Row label={t('orders.booked')}>{formatDateTime(a.createdAt, lang, timeZone)}</Row>
        {a.startedAt && <Row label={t('orders.started')}>{formatDateTime(a.startedAt, lang, timeZone)}</Row>}
        {a.endedAt && <Row label={t('orders.ended')}>{formatDateTime(a.endedAt, lang, timeZone)}</Row>}
        {a.cancelledAt && (
          <Row label={t('orders.cancelled')}>
            {formatDateTime(a.cancelledAt, lang, timeZone)} ·{' '}
            {t(`orders.cancelledBy.${a.cancelledBy ?? 'MEMBER'}`)}
            {a.cancelReason && ` · “${a.cancelReason}”`}
          </Row>
        )}
      </dl>
      <Dialog
        open={confirmEnd}
        title={t('orders.endTitle')}
        onCancel={() => setConfirmEnd(false)}
        onDone={() => end.mutate(a.memberChatId, { onSettled: () => setConfirmEnd(false) })}
        busy={end.isPending}
      >
        {t('orders.endConfirm', { name: a.memberName })}
      </Dialog>
      <Dialog
        open={cancelOpen}
        title={t('orders.cancelTitle')}
        onCancel={() => setCancelOpen(false)}
        onDone={() => cancel.mutate(undefined, { onSuccess: () => setCancelOpen(false) })}
        doneDisabled={reason.trim().length < 3}
        busy={cancel.isPending}
      >
        <label className="flex flex-col gap-1">
          <span>{t('orders.cancelReason', { name: a.memberName })}</span>
          <textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            className="rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
      </Dialog>
    </article>
  );
}
