/**
 * The second factor (docs/security.md "Second factor"): the second step of a sign-in (loaded by
 * the login and sign-up pages when a sign-in needs it) and its management in Settings.
 */
export { SecondFactorSettings } from './settings-section';
export { SecondStepPanel, type SecondStepProps } from './second-step';
