/** What the audit popup and status panel decide from the audit info (spec §4), without their UI. */
import type { AuditInfo } from '../../../shared/api/profile';

/** A decision the provider has not seen yet. */
export function decisionPopupDue(audit: AuditInfo | undefined): boolean {
  return Boolean(
    audit &&
    !audit.auditedPopupPage &&
    (audit.auditStatus === 'AUDIT_PASSED' || audit.auditStatus === 'AUDIT_NOT_PASSED'),
  );
}

export function auditTitleKey(status: AuditInfo['auditStatus']): string {
  return `status.${status ?? 'NONE'}.title`;
}
