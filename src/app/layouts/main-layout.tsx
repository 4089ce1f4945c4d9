/**
 * The main layout (spec §2): menu, top bar and the page. The provider's info is fetched again on
 * every navigation, so a session ended elsewhere (kicked, signed out, expired) is noticed at the
 * next click and the error catalogue sends the user to the login route.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { accountCalls } from '../api/api-client';
import { session, updateUserInfo } from '../features/auth';
import { MenuRedDot, useAppSocket } from '../features/notifications';
import { routeFor } from '../routes/route-table';
import { paths } from '../paths';
import { Menu } from './menu';
import { TopBar } from './top-bar';

export const DOCTOR_INFO_KEY = ['account', 'doctorInfo'] as const;

export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = routeFor(location.pathname);
  const title = route ? t(`routes.${route.titleKey}`) : t('appName');
  const info = useQuery({ queryKey: DOCTOR_INFO_KEY, queryFn: () => accountCalls.getDoctorInfo() });
  const { refetch } = info;
  const { token } = useSnapshot(session);
  // The app socket lives while the session does (spec §7).
  useAppSocket(token);

  useEffect(() => {
    void refetch();
  }, [location.pathname, refetch]);
  useEffect(() => {
    if (info.data) updateUserInfo(info.data);
  }, [info.data]);
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t]);

  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white md:block">
        <div className="px-6 py-4 text-lg font-semibold text-brand">{t('appName')}</div>
        <Menu badges={{ [paths.notifications]: <MenuRedDot /> }} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar title={title} />
        <main className="flex-1 p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export default MainLayout;
