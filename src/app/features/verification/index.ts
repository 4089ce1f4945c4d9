/** E-mail verification (spec §2 /verification): the code form and the main layout's banner. */
export { VerificationForm } from './verification-form';
export { EmailVerificationBanner } from './email-banner';
