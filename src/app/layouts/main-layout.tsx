/**
 * The main layout (spec §2): menu, top bar and the page. The provider's info and the audit info
 * (spec §4) are fetched again on every navigation, so a session ended elsewhere (kicked, signed
 * out, expired) is noticed at the next click and the error catalogue sends the user to the login
 * route, and a reviewer's decision shows its popup once. On the profile-status page the top bar
 * has no background (spec §2). /orders is kept alive (keep-alive.tsx). The chat connects here
 * (spec §4 login flow) so red dots for unread messages show on every page (spec §1).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useCallBridge } from '../connections';
import { usePortalApi, useSession } from '../root';
import { FloatingChatIcon, MessagesRedDot } from '../features/chat';
import { MenuRedDot } from '../features/notifications';
import { AuditPopup, decisionPopupDue, doctorInfoQuery, useAuditInfo } from '../features/profile';
import { EmailVerificationBanner } from '../features/verification';
import { accountSettingPath, paths } from '../paths';
import { routeFor } from '../router/route-table';
import { DraftsNotice } from './drafts-notice';
import { KeepAliveOutlet } from './keep-alive';
import { Menu } from './menu';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/**
 * The provider's info (spec §4), fetched again on every navigation and kept in the session, and the
 * e-mail banner that reads it. A component of its own, as the two below: an answer re-renders it,
 * not the menu and the page (docs/performance.md "Where the main thread goes").
 */
function ProviderInfo() {
  const session = useSession();
  const api = usePortalApi();
  const { key } = useLocation();
  const info = useQuery(doctorInfoQuery(api));
  const { refetch } = info;
  // Every navigation, not only a new path (spec §4 "Audit info is fetched on every navigation"):
  // another tab of the same page, or the menu entry of the page already open, gets a new
  // location key. refetch is stable and fetching navigates nowhere, so this cannot loop.
  useEffect(() => void refetch(), [key, refetch]);
  useEffect(() => {
    if (info.data) session.updateUserInfo(info.data);
  }, [session, info.data]);
  return <EmailVerificationBanner info={info.data} />;
}

/** The reviewer's decision (spec §4): audit info fetched on every navigation, its popup shown once. */
function AuditDecision({ onStatusPage }: { onStatusPage: boolean }) {
  const api = usePortalApi();
  const { key } = useLocation();
  const audit = useAuditInfo();
  const { refetch } = audit;
  useEffect(() => void refetch(), [key, refetch]);
  // The decision whose popup was closed here (a later decision shows its own popup).
  const [closedFor, setClosedFor] = useState<string | null>(null);
  // An approval leads on to setting availability while she has none (issue 26). The schedule's
  // data is loaded when that is asked, not with the layout (a static import would tie the shell's
  // chunk to the schedule pages' chunk both ways), and without the editors (availability.ts).
  const queryClient = useQueryClient();
  const approvedNext = useCallback(async () => {
    const schedule = await import('../features/schedule/availability');
    const current = await queryClient.fetchQuery(schedule.scheduleQuery(api));
    return schedule.hasAvailability(current) ? undefined : accountSettingPath('availability', true);
  }, [api, queryClient]);
  if (!audit.data) return null;
  return (
    <AuditPopup
      audit={audit.data}
      open={decisionPopupDue(audit.data) && !onStatusPage && closedFor !== audit.data.auditedTime}
      onClose={() => setClosedFor(audit.data?.auditedTime ?? null)}
      approvedNext={approvedNext}
    />
  );
}

/** Spec §2: the floating chat icon shows unless the call's media window is open (closed or shrunk). */
function FloatingChat() {
  const { pathname } = useLocation();
  const { window: callWindow } = useCallBridge();
  return pathname !== paths.message && callWindow !== 'open' ? <FloatingChatIcon /> : null;
}

const MENU_BADGES = { [paths.notifications]: <MenuRedDot />, [paths.message]: <MessagesRedDot /> };

export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = routeFor(location.pathname);
  const title = route ? t(`routes.${route.titleKey}`) : t('appName');
  const onStatusPage = location.pathname.toLowerCase() === paths.certificationSuccess.toLowerCase();
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t]);

  return (
    <div className="flex min-h-screen">
      <SkipLink />
      {/* The menu and the top bar stay in place while the page scrolls, on a narrow window too
          (the menu is then a rail of icons: menu.tsx); data-call-keep-out: the minimised call is
          never moved over the menu (docs/calls.md "Call screens"). Named, so that it is told apart
          from a page's own complementary parts (axe's landmark-unique). */}
      <aside
        aria-label={t('appName')}
        data-call-keep-out
        className="sticky top-0 h-screen w-16 shrink-0 overflow-y-auto border-r border-slate-200 bg-white md:w-60"
      >
        <div className="hidden px-6 py-4 text-lg font-semibold text-brand md:block">{t('appName')}</div>
        <Menu badges={MENU_BADGES} />
      </aside>
      <div
        className={`flex min-w-0 flex-1 flex-col ${onStatusPage ? 'bg-gradient-to-b from-brand-100 to-slate-50' : ''}`}
      >
        <TopBar title={title} transparent={onStatusPage} />
        <ProviderInfo />
        <DraftsNotice />
        {/* The skip link's landing place: focusable by script only (skip-link.tsx). */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6">
          <KeepAliveOutlet />
        </main>
      </div>
      <FloatingChat />
      <AuditDecision onStatusPage={onStatusPage} />
    </div>
  );
}

export default MainLayout;
