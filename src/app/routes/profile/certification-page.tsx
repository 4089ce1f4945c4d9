/** /profile/certification (spec §2): the profile and certification form, submitted for review. */
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ProfileForm, useAuditInfo } from '../../features/profile';
import { paths } from '../../paths';
import { QueryWaiting } from '../../router/query-waiting';

export default function CertificationPage() {
  const { t } = useTranslation('profile');
  const audit = useAuditInfo();
  if (!audit.data) return <QueryWaiting query={audit} />;
  // Under review the profile cannot change (spec §4): the status page says so.
  if (audit.data.auditStatus === 'NEED_AUDIT') return <Navigate to={paths.certificationSuccess} replace />;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('form.title')}</h1>
        <p className="text-slate-600">{t('form.intro')}</p>
      </header>
      <ProfileForm info={audit.data.consultInfo} />
    </div>
  );
}
