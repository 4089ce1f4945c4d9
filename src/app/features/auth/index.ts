/** The auth feature: session, sign-in/up forms, agreement popup, password forms. */
export { session, endSession, canEnterPortal, updateUserInfo, setAgreementProtocol } from './session-store';
export { SignInForm } from './sign-in-form';
export { SignUpForm } from './sign-up-form';
export { AgreementDialog } from './agreement-dialog';
export { ForgotPasswordDialog } from './forgot-password-dialog';
export { ChangePasswordForm } from './change-password-form';
export { signOut } from './sign-out';
