/** Spec §4 audit states: the server's transition table allows exactly the documented moves. */
import { describe, expect, it } from 'vitest';
import { allowedAuditEvents, auditTransition } from '../../src/server/profile/audit-machine';
import { IllegalTransitionError } from '../../src/shared/machine';

describe('audit transitions', () => {
  it('submits a first profile for review', () => {
    expect(auditTransition(null, 'SUBMIT')).toBe('NEED_AUDIT');
  });

  it('approves or rejects (with reasons) a profile under review', () => {
    expect(auditTransition('NEED_AUDIT', 'APPROVE')).toBe('AUDIT_PASSED');
    expect(auditTransition('NEED_AUDIT', 'REJECT', ['Licence unreadable'])).toBe('AUDIT_NOT_PASSED');
  });

  it('lets a decided provider submit again', () => {
    expect(auditTransition('AUDIT_NOT_PASSED', 'SUBMIT')).toBe('NEED_AUDIT');
    expect(auditTransition('AUDIT_PASSED', 'SUBMIT')).toBe('NEED_AUDIT');
  });

  it.each([
    [null, 'APPROVE'],
    [null, 'REJECT'],
    ['NEED_AUDIT', 'SUBMIT'],
    ['AUDIT_PASSED', 'APPROVE'],
    ['AUDIT_PASSED', 'REJECT'],
    ['AUDIT_NOT_PASSED', 'APPROVE'],
    ['AUDIT_NOT_PASSED', 'REJECT'],
  ] as const)('refuses %s + %s', (from, event) => {
    expect(() => auditTransition(from, event, ['a reason'])).toThrow(IllegalTransitionError);
  });

  it('refuses a rejection without a reason', () => {
    expect(() => auditTransition('NEED_AUDIT', 'REJECT', [])).toThrow(/at least one reason/);
    expect(() => auditTransition('NEED_AUDIT', 'REJECT', ['  '])).toThrow(IllegalTransitionError);
  });

  it('lists the allowed events of each state', () => {
    expect(allowedAuditEvents(null)).toEqual(['SUBMIT']);
    expect(allowedAuditEvents('NEED_AUDIT').sort()).toEqual(['APPROVE', 'REJECT']);
    expect(allowedAuditEvents('AUDIT_PASSED')).toEqual(['SUBMIT']);
  });
});
