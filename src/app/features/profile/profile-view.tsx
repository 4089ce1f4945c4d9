/** The submitted profile, read-only (spec §2 /profile/setting, "View Profile" of spec §4). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsultInfo } from '../../../shared/api/profile';
import { profileCalls } from '../../api/domain-calls';
import { formatDateTime, formatMoney } from '../../components/format';
import type { PortalApi } from '../../api/api-client';
import { usePortalApi, useTimeZone, useToasts } from '../../root';
import { QueryFailed } from '../../components/query-failed';
import { useProfileOptions } from './use-profile-options';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 sm:grid-cols-3">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

async function openDocument(api: PortalApi, id: number, name: string, say: (text: string) => void) {
  try {
    const blob = await profileCalls(api).downloadCertificate(id);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  } catch (error) {
    say((error as Error).message);
  }
}

export function ProfileView({ info }: { info: ConsultInfo }) {
  const toasts = useToasts();
  const api = usePortalApi();
  const { t, i18n } = useTranslation('profile');
  const timeZone = useTimeZone();
  const options = useProfileOptions();
  const names = <T extends { name: string }>(list: T[], match: (x: T) => boolean) =>
    list
      .filter(match)
      .map((x) => x.name)
      .join(', ') || '—';
  return (
    <article aria-label={t('view.title')} className="rounded-2xl border border-slate-200 bg-white p-6">
      <header className="mb-4 flex items-center gap-4">
        {info.avatar ? (
          <img src={info.avatar} alt="" className="h-16 w-16 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700"
          >
            {info.firstName[0]}
            {info.lastName[0]}
          </span>
        )}
        <div>
          <h2 className="text-xl font-semibold text-slate-900">
            {info.firstName} {info.lastName}
          </h2>
          <p className="text-sm text-slate-600">{info.title}</p>
        </div>
      </header>
      {options.failed && <QueryFailed onRetry={options.retry} />}
      <dl>
        <Row label={t('form.categories')}>
          {names(options.categories, (c) => info.categoryIds.includes(c.id))}
        </Row>
        <Row label={t('form.languages')}>
          {options.languages
            .filter((l) => info.languages.includes(l.code))
            .map((l) => l.nativeName)
            .join(', ') || '—'}
        </Row>
        <Row label={t('form.countries')}>
          {names(options.countries, (c) => info.countries.includes(c.code))}
        </Row>
        <Row label={t('form.biography')}>
          <p className="whitespace-pre-line">{info.biography}</p>
        </Row>
        <Row label={t('form.yearsOfExperience')}>{info.yearsOfExperience}</Row>
        <Row label={t('form.qualifications')}>{info.qualifications}</Row>
        <Row label={t('form.licenceNumber')}>
          {info.licenceNumber} ·{' '}
          {options.countries.find((c) => c.code === info.licenceCountry)?.name ?? info.licenceCountry}
          {info.licenceAuthority && ` · ${info.licenceAuthority}`}
          {info.licenceExpiresOn && ` · ${t('view.expires', { date: info.licenceExpiresOn })}`}
        </Row>
        <Row label={t('form.documents')}>
          {info.documents.length === 0
            ? '—'
            : info.documents.map((d) => (
                <button
                  key={d.id}
                  type="button"
                  className="mr-3 text-brand hover:underline"
                  onClick={() => void openDocument(api, d.id, d.name, (text) => toasts.show(text))}
                >
                  {d.name}
                </button>
              ))}
        </Row>
        <Row label={t('view.fee')}>
          {formatMoney(info.consultationFee.amountCents, info.consultationFee.currency, i18n.language)}
        </Row>
        <Row label={t('view.submitted')}>{formatDateTime(info.submittedAt, i18n.language, timeZone)}</Row>
      </dl>
    </article>
  );
}
