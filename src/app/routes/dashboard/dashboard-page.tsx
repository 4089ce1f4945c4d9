/**
 * /Dashboard/Dashboard (spec §2). A provider not ready for clients yet sees her onboarding
 * checklist (issue 26: e-mail, profile, review of spec §4, availability) instead of an empty
 * practice; once approved, her consultations and activity, with the checklist above them while
 * availability is still to be set.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../features/chat';
import {
  DashboardView,
  OnboardingChecklist,
  onboardingComplete,
  onboardingSteps,
} from '../../features/dashboard';
import { usePortalApi } from '../../root';
import { doctorInfoQuery, useAuditInfo } from '../../features/profile';
import { hasAvailability, useSchedule } from '../../features/schedule/availability';
import { ChunkLoading } from '../../router/chunk-error';
import { QueryFailed, readFailed, retryFailed } from '../../components/query-failed';

export default function DashboardPage() {
  const { t } = useTranslation();
  // The heading paints at once, before the three answers the rest waits for: it is the page's
  // largest paint (docs/performance.md "Where the main thread goes").
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('common:routes.dashboard')}</h1>
      <DashboardBody />
    </div>
  );
}

function DashboardBody() {
  const unreadMessages = useUnreadMessages();
  const api = usePortalApi();
  const info = useQuery(doctorInfoQuery(api));
  const audit = useAuditInfo();
  const schedule = useSchedule();
  // A schedule that could not be read is not "not set": the checklist would offer a step done.
  if (readFailed(info) || readFailed(audit) || readFailed(schedule))
    return <QueryFailed onRetry={() => retryFailed(info, audit, schedule)} />;
  if (!info.data || !audit.data || !schedule.data) return <ChunkLoading />;
  const steps = onboardingSteps({
    emailVerified: info.data.emailVerified,
    profileSubmitted: audit.data.consultInfo !== null,
    auditStatus: audit.data.auditStatus,
    availabilitySet: hasAvailability(schedule.data),
  });
  const approved = audit.data.auditStatus === 'AUDIT_PASSED';
  return (
    <>
      {!onboardingComplete(steps) && <OnboardingChecklist steps={steps} />}
      {approved && <DashboardView unreadMessages={unreadMessages} />}
    </>
  );
}
