/**
 * /toSign: provider sign-up — her details, then the code mailed to her address, which makes the
 * account (docs/security.md "Sign-up"); where a second factor is required, setting one up
 * (docs/security.md "Second factor"); afterwards the agreement popup on the login route
 * (spec §5), then the dashboard.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { SecondStep, SignUpStarted } from '../../../shared/api/account';
import { SignUpCodeForm, SignUpForm, type SignUpDetails } from '../../features/auth';
import { AuthLayout } from '../../layouts/auth-layout';
import { paths } from '../../paths';
import { usePortalRoot, useSession } from '../../root';

const SecondStepPanel = lazy(() =>
  import('../../features/second-factor/second-step').then((m) => ({ default: m.SecondStepPanel })),
);

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const root = usePortalRoot();
  const [details, setDetails] = useState<SignUpDetails | undefined>(undefined);
  const [started, setStarted] = useState<SignUpStarted | null>(null);
  const [step, setStep] = useState<SecondStep | null>(null);
  const signedUp = (due: boolean) =>
    // The agreement first when it is due (spec §5); the address is confirmed already.
    due
      ? navigate(paths.login, { replace: true, state: { from: paths.dashboard } })
      : navigate(paths.dashboard, { replace: true });
  if (step) {
    return (
      <AuthLayout title={t('secondFactor.enrolTitle')}>
        <Suspense fallback={null}>
          <SecondStepPanel
            step={step}
            onSignedIn={async (result) => {
              const { afterSecondStep } = await import('../../features/auth/post-sign-in');
              signedUp((await afterSecondStep(session, await root.api(), result)).agreementDue);
            }}
            onBack={() => navigate(paths.login, { replace: true })}
          />
        </Suspense>
      </AuthLayout>
    );
  }
  const footer = (
    <>
      {t('signUp.haveAccount')}{' '}
      <Link to={paths.login} className="font-medium text-brand hover:underline">
        {t('signUp.toSignIn')}
      </Link>
    </>
  );
  if (started && details) {
    return (
      <AuthLayout title={t('signUp.codeTitle')} footer={footer}>
        <SignUpCodeForm
          started={started}
          details={details}
          onResent={setStarted}
          onBack={() => setStarted(null)}
          onSignedUp={signedUp}
          onSecondStep={setStep}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('signUp.title')} footer={footer}>
      <SignUpForm
        initial={details}
        onCodeSent={(next, sent) => {
          setDetails(sent);
          setStarted(next);
        }}
      />
    </AuthLayout>
  );
}
