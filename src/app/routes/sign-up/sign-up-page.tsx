/**
 * /toSign: provider sign-up; where a second factor is required, setting one up (docs/security.md
 * "Second factor"); afterwards the agreement popup on the login route (spec §5), then the e-mail
 * verification page.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { SecondStep } from '../../../shared/api/account';
import { SignUpForm } from '../../features/auth';
import { AuthLayout } from '../../layouts/auth-layout';
import { paths } from '../../paths';

const SecondStepPanel = lazy(() =>
  import('../../features/second-factor/second-step').then((m) => ({ default: m.SecondStepPanel })),
);

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<SecondStep | null>(null);
  const signedUp = (due: boolean) =>
    // The mailed code comes next (spec §2 /verification): after the agreement when it is due (spec §5).
    due
      ? navigate(paths.login, { replace: true, state: { from: paths.verification } })
      : navigate(paths.verification, { replace: true });
  if (step) {
    return (
      <AuthLayout title={t('secondFactor.enrolTitle')}>
        <Suspense fallback={null}>
          <SecondStepPanel
            step={step}
            onSignedIn={async (result) => {
              const { afterSecondStep } = await import('../../features/auth/post-sign-in');
              signedUp((await afterSecondStep(result)).agreementDue);
            }}
            onBack={() => navigate(paths.login, { replace: true })}
          />
        </Suspense>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t('signUp.title')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to={paths.login} className="font-medium text-brand hover:underline">
            {t('signUp.toSignIn')}
          </Link>
        </>
      }
    >
      <SignUpForm onSignedUp={signedUp} onSecondStep={setStep} />
    </AuthLayout>
  );
}
