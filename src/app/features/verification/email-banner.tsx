/**
 * The main layout's reminder for a provider who has not confirmed the e-mail address yet
 * (spec §2 /verification): until then the profile cannot be submitted for review.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DoctorInfo } from '../../../shared/api/account';
import { paths } from '../../paths';

export function EmailVerificationBanner({ info }: { info: DoctorInfo | undefined }) {
  const { t } = useTranslation('verification');
  if (!info || info.emailVerified) return null;
  return (
    <div
      role="region"
      aria-label={t('title')}
      className="flex flex-wrap items-center justify-between gap-3 border-b border-amber-200 bg-amber-50 px-6 py-3 text-sm text-amber-900"
    >
      <span>{t('banner', { email: info.email })}</span>
      <Link to={paths.verification} className="font-medium text-brand hover:underline">
        {t('bannerAction')}
      </Link>
    </div>
  );
}
