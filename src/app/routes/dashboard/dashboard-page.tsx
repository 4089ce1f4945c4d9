/**
 * /Dashboard/Dashboard (spec §2): the profile status while it is not approved (with the status
 * popup of spec §4 on demand), then the provider's consultations and activity.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUnreadMessages } from '../../features/chat';
import { DashboardView } from '../../features/dashboard';
import { AuditPopup, auditTitleKey, useAuditInfo } from '../../features/profile';
import { paths } from '../../paths';

function ProfileStatusCard() {
  const { t } = useTranslation('profile');
  const audit = useAuditInfo();
  const [open, setOpen] = useState(false);
  if (!audit.data || audit.data.auditStatus === 'AUDIT_PASSED') return null;
  const none = audit.data.auditStatus === null;
  return (
    <section
      aria-label={t('status.label')}
      className="flex flex-wrap items-center gap-4 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand/20"
    >
      <div className="flex-1">
        <h2 className="font-semibold text-slate-900">{t(auditTitleKey(audit.data.auditStatus))}</h2>
        <p className="text-sm text-slate-600">{t(none ? 'status.NONE.short' : 'status.short')}</p>
      </div>
      {none ? (
        <Link
          to={paths.certification}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white"
        >
          {t('status.start')}
        </Link>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white"
        >
          {t('status.view')}
        </button>
      )}
      <AuditPopup audit={audit.data} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const unreadMessages = useUnreadMessages();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('common:routes.dashboard')}</h1>
      <ProfileStatusCard />
      <DashboardView unreadMessages={unreadMessages} />
    </div>
  );
}
