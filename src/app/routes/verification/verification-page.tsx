/**
 * /verification (spec §2: outside the main layout, no chat connection): the provider confirms the
 * e-mail address with the mailed code; once confirmed, the way on is the dashboard, or the profile
 * when it was never submitted.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DoctorInfo } from '../../../shared/api/account';
import { DOCTOR_INFO_KEY, doctorInfoQuery } from '../../features/profile';
import { usePortalApi, useSession } from '../../root';
import { VerificationForm } from '../../features/verification';
import { paths } from '../../paths';
import { ReadPending } from '../../components/query-failed';

export default function VerificationPage() {
  const { t } = useTranslation('verification');
  const client = useQueryClient();
  const session = useSession();
  const api = usePortalApi();
  const info = useQuery(doctorInfoQuery(api));
  const verified = (next: DoctorInfo) => {
    session.updateUserInfo(next);
    client.setQueryData(DOCTOR_INFO_KEY, next);
  };

  return (
    <section className="mx-auto mt-10 flex max-w-md flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-8">
      <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
      {!info.data ? (
        <ReadPending read={info}>
          <p className="text-slate-500">{t('common:loading')}</p>
        </ReadPending>
      ) : info.data.emailVerified ? (
        <>
          <p role="status" className="text-slate-700">
            {t('verified', { email: info.data.email })}
          </p>
          <div className="flex flex-wrap gap-3">
            {info.data.auditStatus === null && (
              <Link to={paths.certification} className="rounded-lg bg-brand px-4 py-2 text-sm text-white">
                {t('completeProfile')}
              </Link>
            )}
            <Link
              to={paths.dashboard}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50"
            >
              {t('continue')}
            </Link>
          </div>
        </>
      ) : (
        <VerificationForm info={info.data} onVerified={verified} />
      )}
    </section>
  );
}
