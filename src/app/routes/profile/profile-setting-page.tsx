/** /profile/setting (spec §2): the submitted profile, with Edit when the review allows it. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProfileView, useAuditInfo } from '../../features/profile';
import { accountSettingPath, paths } from '../../paths';
import { QueryWaiting } from '../../router/query-waiting';

export default function ProfileSettingPage() {
  const { t } = useTranslation('profile');
  const audit = useAuditInfo();
  if (!audit.data) return <QueryWaiting query={audit} />;
  const { consultInfo, auditStatus } = audit.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('view.title')}</h1>
        {consultInfo && auditStatus !== 'NEED_AUDIT' && (
          <Link
            className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white"
            to={accountSettingPath('providerProfile', true)}
          >
            {t('status.edit')}
          </Link>
        )}
      </header>
      {auditStatus === 'NEED_AUDIT' && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{t('view.underReview')}</p>
      )}
      {consultInfo ? (
        <ProfileView info={consultInfo} />
      ) : (
        <p className="rounded-2xl border border-dashed border-brand/40 bg-white p-8 text-center">
          {t('view.none')}{' '}
          <Link className="text-brand underline" to={paths.certification}>
            {t('status.start')}
          </Link>
        </p>
      )}
    </div>
  );
}
