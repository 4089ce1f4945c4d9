/**
 * /toSign: provider sign-up — her details, then the code mailed to her address, which makes the
 * account (docs/security.md "Sign-up"); afterwards the agreement popup on the login route
 * (spec §5), then the dashboard.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { SignUpStarted } from '../../../shared/api/account';
import { SignUpCodeForm, SignUpForm, type SignUpDetails } from '../../features/auth';
import { AuthLayout } from '../../layouts/auth-layout';
import { paths } from '../../paths';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [details, setDetails] = useState<SignUpDetails | undefined>(undefined);
  const [started, setStarted] = useState<SignUpStarted | null>(null);
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
          onSignedUp={(due) =>
            // The agreement first when it is due (spec §5); the address is confirmed already.
            due
              ? navigate(paths.login, { replace: true, state: { from: paths.dashboard } })
              : navigate(paths.dashboard, { replace: true })
          }
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
