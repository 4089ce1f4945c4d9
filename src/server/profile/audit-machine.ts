/**
 * The profile audit lifecycle of spec §4 as a transition table (docs/conventions.md "What we do" 4): a
 * provider submits (NEED_AUDIT), a reviewer approves (AUDIT_PASSED) or rejects with reasons
 * (AUDIT_NOT_PASSED); a decided provider may submit again. Every other move throws.
 */
import { IllegalTransitionError, nextState } from '../../shared/machine';
import type { AuditStatusValue } from '../db/schema';

export type AuditEvent = 'SUBMIT' | 'APPROVE' | 'REJECT';
/** `null`: nothing submitted yet. */
export type AuditState = AuditStatusValue | null;

const TABLE: Record<AuditStatusValue | 'NOT_SUBMITTED', Partial<Record<AuditEvent, AuditStatusValue>>> = {
  NOT_SUBMITTED: { SUBMIT: 'NEED_AUDIT' },
  NEED_AUDIT: { APPROVE: 'AUDIT_PASSED', REJECT: 'AUDIT_NOT_PASSED' },
  AUDIT_PASSED: { SUBMIT: 'NEED_AUDIT' },
  AUDIT_NOT_PASSED: { SUBMIT: 'NEED_AUDIT' },
};

const REFUSALS: Record<AuditEvent, string> = {
  SUBMIT: 'Your profile is already under review; you can edit it once the review is done',
  APPROVE: 'Only a profile under review can be approved',
  REJECT: 'Only a profile under review can be rejected',
};

/**
 * The state after `event`, or throws IllegalTransitionError (src/shared/machine.ts) with words for
 * the provider or reviewer. A rejection needs at least one reason.
 */
export function auditTransition(
  from: AuditState,
  event: AuditEvent,
  reasons: readonly string[] = [],
): AuditStatusValue {
  const state = from ?? 'NOT_SUBMITTED';
  const to = nextState('profile review', TABLE, state, event, () => REFUSALS[event]);
  if (event === 'REJECT' && reasons.filter((r) => r.trim()).length === 0) {
    throw new IllegalTransitionError('profile review', state, event, 'A rejection needs at least one reason');
  }
  return to;
}

/** Which events are allowed from a state (the portal's buttons follow the same table). */
export function allowedAuditEvents(from: AuditState): AuditEvent[] {
  return Object.keys(TABLE[from ?? 'NOT_SUBMITTED']) as AuditEvent[];
}
