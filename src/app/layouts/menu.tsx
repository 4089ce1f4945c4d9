/** The main menu: every route of spec §2 that is not hidden, with slots for red dots. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { MENU_ROUTES } from '../router/route-table';

export function Menu({ badges = {} }: { badges?: Record<string, ReactNode> }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('menu.main')} className="flex flex-col gap-1 p-3">
      {MENU_ROUTES.map((route) => (
        <NavLink
          key={route.path}
          to={route.path}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand text-white' : 'text-slate-700 hover:bg-brand-50'}`
          }
        >
          <span aria-hidden className="w-5 text-center">
            {route.icon}
          </span>
          <span className="flex-1">{t(`routes.${route.titleKey}`)}</span>
          {badges[route.path]}
        </NavLink>
      ))}
    </nav>
  );
}
