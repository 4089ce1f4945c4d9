/**
 * /profile/certification/success: the profile status page (spec §2, §4). The top bar has no
 * background here (main layout). Seeing a decision here counts as seeing its popup.
 */
import { useEffect } from 'react';
import { AuditStatusPanel, decisionPopupDue, useAuditInfo, useMarkPopupShown } from '../../features/profile';
import { QueryWaiting } from '../../router/query-waiting';

export default function CertificationSuccessPage() {
  const audit = useAuditInfo();
  const mark = useMarkPopupShown();
  const due = decisionPopupDue(audit.data);
  const { mutate } = mark;
  useEffect(() => {
    if (due) mutate();
  }, [due, mutate]);
  if (!audit.data) return <QueryWaiting query={audit} />;
  return (
    <div className="py-8">
      <AuditStatusPanel audit={audit.data} />
    </div>
  );
}
