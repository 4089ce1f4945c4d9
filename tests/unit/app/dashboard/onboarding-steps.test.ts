/**
 * A new provider's onboarding checklist (src/app/features/dashboard/onboarding-steps.ts, issue 26):
 * each step done or not from the facts, each linking to where it is done, and the next step the
 * first she can act on — after approval, setting her availability.
 */
import { describe, expect, it } from 'vitest';
import {
  onboardingComplete,
  onboardingSteps,
  type OnboardingFacts,
} from '../../../../src/app/features/dashboard/onboarding-steps';

const NEW: OnboardingFacts = {
  emailVerified: false,
  profileSubmitted: false,
  auditStatus: null,
  availabilitySet: false,
};

const view = (facts: OnboardingFacts) =>
  onboardingSteps(facts).map((s) => `${s.key}:${s.state}${s.next ? '*' : ''} ${s.to}`);

describe('onboarding steps', () => {
  it('a brand-new provider starts by confirming her address', () => {
    expect(view(NEW)).toEqual([
      'email:todo* /verification',
      'profile:todo /profile/certification',
      'certification:todo /profile/certification',
      'availability:todo /Dashboard/account-setting?tab=availability&isEdit=1',
    ]);
    expect(onboardingComplete(onboardingSteps(NEW))).toBe(false);
  });

  it('while the review runs, the next step is setting availability', () => {
    const steps = view({ ...NEW, emailVerified: true, profileSubmitted: true, auditStatus: 'NEED_AUDIT' });
    expect(steps).toEqual([
      'email:done /verification',
      'profile:done /profile/setting',
      'certification:waiting /profile/certification/success',
      'availability:todo* /Dashboard/account-setting?tab=availability&isEdit=1',
    ]);
  });

  it('a profile not approved comes first again, leading to the reasons', () => {
    const steps = onboardingSteps({
      ...NEW,
      emailVerified: true,
      profileSubmitted: true,
      auditStatus: 'AUDIT_NOT_PASSED',
    });
    expect(steps.find((s) => s.next)).toMatchObject({
      key: 'certification',
      state: 'attention',
      to: '/profile/certification/success',
    });
  });

  it('once approved, availability is what is left; with it the checklist is complete', () => {
    const approved = {
      ...NEW,
      emailVerified: true,
      profileSubmitted: true,
      auditStatus: 'AUDIT_PASSED' as const,
    };
    const steps = onboardingSteps(approved);
    expect(steps.filter((s) => s.state !== 'done').map((s) => s.key)).toEqual(['availability']);
    expect(steps.find((s) => s.next)?.key).toBe('availability');
    expect(onboardingComplete(steps)).toBe(false);
    const ready = onboardingSteps({ ...approved, availabilitySet: true });
    expect(onboardingComplete(ready)).toBe(true);
    expect(ready.some((s) => s.next)).toBe(false);
  });
});
