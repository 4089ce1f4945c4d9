/**
 * A new provider's way to her first consultation (issue 26), as the dashboard's checklist shows
 * it: confirm the e-mail address (spec §2 /verification), fill in the profile with her certificate
 * documents (spec §2 /profile/certification), have it approved (spec §4 audit states), set her
 * availability (spec §2 /Dashboard/account-setting?tab=availability). Each step's state comes from
 * what the server answers; the next step is the first one she can act on.
 */
import type { AuditStatus } from '../../../shared/api/account';
import { accountSettingPath, paths } from '../../paths';

export interface OnboardingFacts {
  emailVerified: boolean;
  /** A profile (with certificate documents) was submitted at least once. */
  profileSubmitted: boolean;
  auditStatus: AuditStatus | null;
  /** Hours clients can book are saved (src/app/features/schedule has-availability.ts). */
  availabilitySet: boolean;
}

export const ONBOARDING_STEPS = ['email', 'profile', 'certification', 'availability'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number];

/** `waiting`: nothing for her to do (the review takes 1–3 business days); `attention`: not approved. */
export type OnboardingState = 'done' | 'todo' | 'waiting' | 'attention';

export interface OnboardingStep {
  key: OnboardingStepKey;
  state: OnboardingState;
  /** Where the step is done. */
  to: string;
  /** The first step she can act on now. */
  next: boolean;
}

function certificationStep(status: AuditStatus | null): Pick<OnboardingStep, 'state' | 'to'> {
  switch (status) {
    case 'AUDIT_PASSED':
      return { state: 'done', to: paths.certificationSuccess };
    case 'NEED_AUDIT':
      return { state: 'waiting', to: paths.certificationSuccess };
    case 'AUDIT_NOT_PASSED':
      // The status page lists the reviewer's reasons, with its Edit (spec §4).
      return { state: 'attention', to: paths.certificationSuccess };
    default:
      return { state: 'todo', to: paths.certification };
  }
}

export function onboardingSteps(facts: OnboardingFacts): OnboardingStep[] {
  const steps: Omit<OnboardingStep, 'next'>[] = [
    { key: 'email', state: facts.emailVerified ? 'done' : 'todo', to: paths.verification },
    {
      key: 'profile',
      state: facts.profileSubmitted ? 'done' : 'todo',
      to: facts.profileSubmitted ? paths.profileSetting : paths.certification,
    },
    { key: 'certification', ...certificationStep(facts.auditStatus) },
    {
      key: 'availability',
      state: facts.availabilitySet ? 'done' : 'todo',
      to: accountSettingPath('availability', true),
    },
  ];
  const next = steps.findIndex((s) => s.state === 'todo' || s.state === 'attention');
  return steps.map((s, i) => ({ ...s, next: i === next }));
}

/** Every step done: the dashboard shows the practice, not the checklist. */
export function onboardingComplete(steps: readonly OnboardingStep[]): boolean {
  return steps.every((s) => s.state === 'done');
}
