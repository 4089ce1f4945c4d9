/** Account management beyond sign-in: cancellation with the having-consultation check (spec §7). */
export { CancelAccountSection } from './cancel-account-section';
