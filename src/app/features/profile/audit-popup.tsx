/**
 * The profile status popup (spec §2: 530 px wide). The main layout shows it once after a
 * reviewer's decision (auditedPopupPage false); any button or closing records that it was seen.
 * `forceOpen` shows it for any state (the dashboard's "View status").
 */
import { useTranslation } from 'react-i18next';
import type { AuditInfo } from '../../../shared/api/profile';
import { AUDIT_POPUP_WIDTH_PX } from '../../../shared/constants';
import { Dialog } from '../../components/dialog';
import { AuditStatusPanel } from './audit-status-panel';
import { auditTitleKey, decisionPopupDue } from './audit-state';
import { useMarkPopupShown } from './use-audit-info';

export interface AuditPopupProps {
  audit: AuditInfo;
  open: boolean;
  onClose(): void;
  /** Where "Got it" on an approval leads (audit-status-panel.tsx). */
  approvedNext?: (() => Promise<string | undefined>) | undefined;
}

export function AuditPopup({ audit, open, onClose, approvedNext }: AuditPopupProps) {
  const { t } = useTranslation('profile');
  const mark = useMarkPopupShown();
  const close = () => {
    if (decisionPopupDue(audit)) mark.mutate();
    onClose();
  };
  return (
    <Dialog
      open={open}
      title={t(auditTitleKey(audit.auditStatus))}
      onCancel={close}
      hideCancel
      width={AUDIT_POPUP_WIDTH_PX}
    >
      <AuditStatusPanel audit={audit} inPopup onAction={close} approvedNext={approvedNext} />
    </Dialog>
  );
}
