/**
 * The agreement versions the provider accepted, in /settings (spec §7
 * `getPublishProtocolVersionInfo`): which document, which version, when and where.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format';
import { agreementVersionsQuery } from './queries';
import { usePortalApi, useTimeZone } from '../../root';
import { QueryFailed, readFailed } from '../../components/query-failed';

export function AgreementsSection() {
  const { t, i18n } = useTranslation('settings');
  const timeZone = useTimeZone();
  const versions = useQuery(agreementVersionsQuery(usePortalApi()));
  if (versions.isPending) return <p className="text-sm text-slate-500">{t('common:loading')}</p>;
  if (readFailed(versions)) return <QueryFailed onRetry={() => void versions.refetch()} />;
  const accepted = versions.data?.accepted ?? [];
  if (accepted.length === 0) return <p className="text-sm text-slate-500">{t('agreements.none')}</p>;
  return (
    <table aria-label={t('agreements.title')} className="w-full text-left text-sm">
      <thead className="text-slate-500">
        <tr>
          <th className="py-2 font-medium">{t('agreements.document')}</th>
          <th className="py-2 font-medium">{t('agreements.version')}</th>
          <th className="py-2 font-medium">{t('agreements.acceptedOn')}</th>
        </tr>
      </thead>
      <tbody>
        {accepted.map((a) => (
          <tr key={a.protocolId} className="border-t border-slate-100">
            <td className="py-2">{a.title}</td>
            <td className="py-2">
              {t('agreements.versionNumber', { version: a.version })}
              {a.current ? '' : ` · ${t('agreements.superseded')}`}
            </td>
            <td className="py-2">{formatDateTime(a.agreedAt, i18n.language, timeZone)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
