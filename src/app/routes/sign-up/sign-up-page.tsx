/**
 * /toSign: provider sign-up; afterwards the agreement popup on the login route (spec §5), then the
 * e-mail verification page.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { SignUpForm } from '../../features/auth';
import { AuthLayout } from '../../layouts/auth-layout';
import { paths } from '../../paths';

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
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
      <SignUpForm
        onSignedUp={(due) =>
          // The mailed code comes next (spec §2 /verification): after the agreement when it is due (spec §5).
          due
            ? navigate(paths.login, { replace: true, state: { from: paths.verification } })
            : navigate(paths.verification, { replace: true })
        }
      />
    </AuthLayout>
  );
}
