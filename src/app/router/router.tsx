/** The router in history mode (spec §2), built from the route table. */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { isReportPath } from '../api/report-access';
import { AUTH_NAMESPACE, SHELL_NAMESPACES, withNamespaces } from '../i18n';
import { paths } from '../paths';
import type { PortalRoot } from '../root';
import NotFoundPage from '../routes/not-found-page';
import { ChunkErrorScreen, ChunkLoading, RouteErrorScreen } from './chunk-error';
import { withTimeout } from './lazy-chunk';
import { RequireSession } from './require-session';
import { PORTAL_ROUTES, type PortalRoute } from './route-table';

/**
 * A route chunk, loaded with the 120 s limit. A failure resolves to the retry screen rather than
 * rejecting: a rejected `lazy` leaves React Router rendering nothing for that route.
 */
const lazyPage =
  (load: PortalRoute['load'], { signedOut = false }: { signedOut?: boolean } = {}) =>
  async () => {
    try {
      const module = await withTimeout(load);
      return { Component: module.default };
    } catch (error) {
      return { Component: () => <ChunkErrorScreen error={error} signedOut={signedOut} /> };
    }
  };

function pageRoute(r: PortalRoute): RouteObject {
  return {
    path: r.path,
    // The page's own namespaces come with its chunk, so it renders translated (src/app/i18n).
    lazy: lazyPage(withNamespaces(r.load, ...(r.namespaces ?? []))),
    errorElement: <RouteErrorScreen />,
    handle: { titleKey: r.titleKey, hidden: r.hidden ?? false, keepAlive: r.keepAlive ?? false },
  };
}

/**
 * The report access guard, loaded with the report pages: it runs a query, and TanStack Query and
 * the contract's schemas stay out of the login route (docs/architecture.md §4).
 */
const reportAccessGuard = lazyPage(() =>
  import('./require-report-access').then((m) => ({ default: m.RequireReportAccess })),
);

/** A layout's pages; those whose path contains 'report' behind the report access check (spec §5). */
function pageRoutes(layout: PortalRoute['layout']): RouteObject[] {
  const pages = PORTAL_ROUTES.filter((r) => r.layout === layout);
  const open = pages.filter((r) => !isReportPath(r.path)).map(pageRoute);
  const guarded = pages.filter((r) => isReportPath(r.path)).map(pageRoute);
  return guarded.length === 0 ? open : [...open, { lazy: reportAccessGuard, children: guarded }];
}

// Signing out ends here, offline too: its failure says she is signed out.
const loginPage = lazyPage(
  withNamespaces(() => import('../routes/login/login-page'), AUTH_NAMESPACE),
  {
    signedOut: true,
  },
);

const frame = { errorElement: <RouteErrorScreen />, hydrateFallbackElement: <ChunkLoading /> };

/** The portal's routes over `root`, whose API client loads with the signed-in shell. */
export const portalRoutes = (root: PortalRoot): RouteObject[] => [
  { path: paths.login, id: 'login', lazy: loginPage, ...frame },
  { path: paths.signIn, lazy: loginPage, ...frame },
  { path: paths.toLogin, lazy: loginPage, ...frame },
  {
    path: paths.signUp,
    lazy: lazyPage(withNamespaces(() => import('../routes/sign-up/sign-up-page'), AUTH_NAMESPACE)),
    ...frame,
  },
  {
    element: <RequireSession />,
    ...frame,
    children: [
      { path: '/', element: <Navigate to={paths.dashboard} replace /> },
      {
        // The signed-in shell and its layouts load after the guard: the login route stays small.
        // With the namespaces every signed-in page shows (src/app/i18n `SHELL_NAMESPACES`).
        // And with the root's API client, so no signed-in page waits for it (`usePortalApi()`).
        lazy: lazyPage(
          withNamespaces(
            async () => (await Promise.all([import('../layouts/signed-in-shell'), root.api()]))[0],
            ...SHELL_NAMESPACES,
          ),
        ),
        ...frame,
        children: [
          { lazy: lazyPage(() => import('../layouts/main-layout')), ...frame, children: pageRoutes('main') },
          { lazy: lazyPage(() => import('../layouts/bare-layout')), ...frame, children: pageRoutes('bare') },
        ],
      },
    ],
  },
  // In the start chunk already: the retry screen shows it for a 404 without loading anything.
  { path: '*', Component: NotFoundPage, ...frame },
];

export type PortalRouter = ReturnType<typeof createBrowserRouter>;

export function createRouter(root: PortalRoot): PortalRouter {
  return createBrowserRouter(portalRoutes(root));
}
