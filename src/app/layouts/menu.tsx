/**
 * The main menu: every route of spec §2 that is not hidden, with slots for red dots. On a narrow
 * window it is a rail of icons (each entry keeps its name for assistive technology and as a
 * tooltip); from the `md` breakpoint on, icons and names.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { MENU_ROUTES } from '../router/route-table';

export function Menu({ badges = {} }: { badges?: Record<string, ReactNode> }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('menu.main')} className="flex flex-col gap-1 p-2 md:p-3">
      {MENU_ROUTES.map((route) => {
        const Icon = route.icon;
        const name = t(`routes.${route.titleKey}`);
        return (
          <NavLink
            key={route.path}
            to={route.path}
            title={name}
            className={({ isActive }) =>
              `relative flex items-center justify-center gap-3 rounded-lg px-3 py-2 text-sm font-medium md:justify-start ${isActive ? 'bg-brand text-white' : 'text-slate-700 hover:bg-brand-50'}`
            }
          >
            {Icon && <Icon aria-hidden className="h-5 w-5 shrink-0" strokeWidth={1.75} />}
            <span className="sr-only md:not-sr-only md:flex-1">{name}</span>
            <span className="absolute top-1 right-1 flex md:static">{badges[route.path]}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
