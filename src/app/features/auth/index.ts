/** The auth feature: sign-in/up forms, password forms (the dialogs load lazily by path). */
export { SignInForm } from './sign-in-form';
export { SignUpForm, type SignUpDetails } from './sign-up-form';
export { SignUpCodeForm } from './sign-up-code-form';
export { ChangePasswordForm } from './change-password-form';
export { signOut } from './sign-out';
