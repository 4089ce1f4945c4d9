/** The dashboard feature: /Dashboard/Dashboard and /Dashboard/balance (spec §2). */
export { DashboardView } from './dashboard-view';
export { BalanceView } from './balance-view';
export { OnboardingChecklist } from './onboarding-checklist';
export { onboardingComplete, onboardingSteps, type OnboardingFacts } from './onboarding-steps';
