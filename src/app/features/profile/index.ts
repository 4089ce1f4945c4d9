/** The profile feature: audit info and status (spec §4), the profile form and view, uploads (spec §5). */
export { AUDIT_INFO_KEY, DOCTOR_INFO_KEY, doctorInfoQuery } from './queries';
export { useAuditInfo, useMarkPopupShown } from './use-audit-info';
export { AuditStatusPanel, type AuditPanelAction } from './audit-status-panel';
export { auditTitleKey, decisionPopupDue } from './audit-state';
export { LazyAuditPopup as AuditPopup } from './lazy-audit-popup';
export { ProfileForm } from './profile-form';
export { ProfileView } from './profile-view';
