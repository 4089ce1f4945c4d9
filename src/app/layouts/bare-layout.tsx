/** Pages outside the main layout (spec §2: /shareScreen, /question, /verification). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { routeFor } from '../router/route-table';

export function BareLayout() {
  const { t } = useTranslation();
  const route = routeFor(useLocation().pathname);
  useEffect(() => {
    document.title = `${route ? t(`routes.${route.titleKey}`) : ''} · ${t('appName')}`;
  }, [route, t]);
  return (
    <main className="min-h-screen p-6">
      <Outlet />
    </main>
  );
}

export default BareLayout;
