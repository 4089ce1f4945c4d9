/**
 * Every route of spec §2 with its title, hidden flag and layout. Pages load lazily (one chunk per
 * route). Later issues replace a page file; they do not need to touch this table.
 */
import {
  Bell,
  CalendarDays,
  ClipboardList,
  FileText,
  LayoutDashboard,
  MessageSquare,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { PageNamespace } from '../i18n';
import { paths } from '../paths';

export type Layout = 'main' | 'bare';

export interface PortalRoute {
  path: string;
  /** Key under `common:routes`. */
  titleKey: string;
  layout: Layout;
  /** Hidden from the menu (spec §2). */
  hidden?: boolean;
  /** Kept alive: filters, page and scroll survive a visit elsewhere (spec §2 /orders). */
  keepAlive?: boolean;
  /** Menu icon (lucide, decorative beside the title; the only label on a narrow window's rail). */
  icon?: LucideIcon;
  /** Translations the page reads beyond the shell's, loaded with its chunk (src/app/i18n). */
  namespaces?: readonly PageNamespace[];
  load(): Promise<{ default: ComponentType }>;
}

export const PORTAL_ROUTES: readonly PortalRoute[] = [
  {
    path: paths.dashboard,
    namespaces: ['profile', 'workspace'],
    titleKey: 'dashboard',
    layout: 'main',
    icon: LayoutDashboard,
    load: () => import('../routes/dashboard/dashboard-page'),
  },
  {
    path: paths.balance,
    namespaces: ['workspace'],
    titleKey: 'balance',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/dashboard/balance-page'),
  },
  {
    path: paths.accountSetting,
    namespaces: ['profile', 'schedule'],
    titleKey: 'accountSetting',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/dashboard/account-setting-page'),
  },
  {
    path: paths.clients,
    namespaces: ['workspace'],
    titleKey: 'clients',
    layout: 'main',
    icon: Users,
    load: () => import('../routes/clients/clients-page'),
  },
  {
    path: paths.message,
    titleKey: 'message',
    layout: 'main',
    icon: MessageSquare,
    load: () => import('../routes/message/message-page'),
  },
  {
    path: paths.calendar,
    namespaces: ['schedule', 'workspace'],
    titleKey: 'calendar',
    layout: 'main',
    icon: CalendarDays,
    load: () => import('../routes/calendar/calendar-page'),
  },
  {
    path: paths.orders,
    namespaces: ['workspace'],
    titleKey: 'orders',
    layout: 'main',
    keepAlive: true,
    icon: ClipboardList,
    load: () => import('../routes/orders/orders-page'),
  },
  {
    path: paths.orderDetail,
    namespaces: ['workspace'],
    titleKey: 'orderDetail',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/orders/order-detail-page'),
  },
  {
    path: paths.reports,
    namespaces: ['reports', 'charts'],
    titleKey: 'reports',
    layout: 'main',
    icon: FileText,
    load: () => import('../routes/reports/reports-page'),
  },
  {
    path: paths.reportDetail,
    namespaces: ['reports', 'charts'],
    titleKey: 'reportDetail',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/reports/report-detail-page'),
  },
  {
    path: paths.reportReview,
    namespaces: ['reports', 'charts'],
    titleKey: 'reportReview',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/reports/report-review-page'),
  },
  {
    path: paths.dailyChart,
    namespaces: ['reports', 'charts'],
    titleKey: 'dailyChart',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/reports/daily-chart-page'),
  },
  {
    path: paths.certification,
    namespaces: ['profile'],
    titleKey: 'certification',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/profile/certification-page'),
  },
  {
    path: paths.certificationSuccess,
    namespaces: ['profile'],
    titleKey: 'certificationSuccess',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/profile/certification-success-page'),
  },
  {
    path: paths.profileSetting,
    namespaces: ['profile'],
    titleKey: 'profileSetting',
    layout: 'main',
    hidden: true,
    load: () => import('../routes/profile/profile-setting-page'),
  },
  {
    path: paths.notifications,
    titleKey: 'notifications',
    layout: 'main',
    icon: Bell,
    load: () => import('../routes/notifications/notifications-page'),
  },
  {
    path: paths.settings,
    namespaces: ['settings', 'workspace', 'auth'],
    titleKey: 'settings',
    layout: 'main',
    icon: Settings,
    load: () => import('../routes/settings/settings-page'),
  },
  {
    path: paths.shareScreen,
    namespaces: ['charts'],
    titleKey: 'shareScreen',
    layout: 'bare',
    hidden: true,
    load: () => import('../routes/share-screen/share-screen-page'),
  },
  {
    path: paths.question,
    namespaces: ['intake', 'workspace'],
    titleKey: 'question',
    layout: 'bare',
    hidden: true,
    load: () => import('../routes/question/question-page'),
  },
  {
    path: paths.verification,
    titleKey: 'verification',
    layout: 'bare',
    hidden: true,
    load: () => import('../routes/verification/verification-page'),
  },
];

export const MENU_ROUTES = PORTAL_ROUTES.filter((r) => r.layout === 'main' && !r.hidden);

export function routeFor(pathname: string): PortalRoute | undefined {
  const lower = pathname.replace(/\/+$/, '').toLowerCase();
  return PORTAL_ROUTES.find((r) => r.path.toLowerCase() === lower);
}
