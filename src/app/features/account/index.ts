/**
 * Account management beyond sign-in: cancellation with the having-consultation check, contact
 * details without a new review and the accepted agreement versions (spec §7).
 */
export { CancelAccountSection } from './cancel-account-section';
export { ContactDetailsForm } from './contact-details-form';
export { AgreementsSection } from './agreements-section';
