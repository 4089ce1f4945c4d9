/**
 * /login, /signIn, /toLogin and the route named 'login' (spec §2). Signs in, then shows the
 * agreement popup while it is due (agreementProtocol '0' keeps the user here, spec §5).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SignInForm } from '../../features/auth';
import { canEnterPortal, session, takeReturnPath } from '../../session';
import { AuthLayout } from '../../layouts/auth-layout';
import { paths, PUBLIC_PATHS } from '../../paths';

// The dialogs (and Headless UI with them) load only when needed: the login route stays small (docs/architecture.md §4).
const AgreementDialog = lazy(() =>
  import('../../features/auth/agreement-dialog').then((m) => ({ default: m.AgreementDialog })),
);
const ForgotPasswordDialog = lazy(() =>
  import('../../features/auth/forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

/**
 * Where a sign-in continues: the page the guard sent the visitor from, or the page the automatic
 * logoff took her from (`returnPath`, hers only), or the dashboard. `/` itself only redirects to
 * the dashboard, and a redirect answered inside the sign-in's own navigation is dropped (a blank
 * page), so it goes to the dashboard directly.
 */
export function targetAfterLogin(state: unknown, returnPath: string | null = null): string {
  const from = (state as { from?: string } | null)?.from ?? returnPath ?? undefined;
  const path = from?.split('?')[0];
  return from && path !== '/' && !PUBLIC_PATHS.includes(path!) ? from : paths.dashboard;
}

/** After her sign-in: her page from before the automatic logoff, if she was signed out there. */
function targetOfSignedIn(state: unknown): string {
  const owner = session.userInfo?.userId;
  return targetAfterLogin(state, owner === undefined ? null : takeReturnPath(owner));
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const snap = useSnapshot(session);
  const [forgot, setForgot] = useState(false);
  const target = targetAfterLogin(location.state);
  const agreementDue = Boolean(snap.token) && snap.agreementProtocol === '0';

  if (canEnterPortal(snap)) return <Navigate to={target} replace />;
  return (
    <AuthLayout
      title={t('signIn.title')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link to={paths.signUp} className="font-medium text-brand hover:underline">
            {t('signIn.toSignUp')}
          </Link>
        </>
      }
    >
      <p className="-mt-4 mb-6 text-sm text-slate-500">{t('signIn.subtitle')}</p>
      <SignInForm
        onSignedIn={(due) =>
          due ? undefined : navigate(targetOfSignedIn(location.state), { replace: true })
        }
        onForgot={() => setForgot(true)}
      />
      <Suspense fallback={null}>
        {forgot && <ForgotPasswordDialog onClose={() => setForgot(false)} />}
        {agreementDue && (
          <AgreementDialog
            onAgreed={() => navigate(targetOfSignedIn(location.state), { replace: true })}
            onDeclined={() => navigate(paths.login, { replace: true })}
          />
        )}
      </Suspense>
    </AuthLayout>
  );
}
