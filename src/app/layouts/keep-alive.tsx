/**
 * Kept-alive routes (spec §2: /orders is "kept alive"): once visited, the page stays mounted in a
 * hidden React <Activity> while the provider is elsewhere, so its filters, page and loaded rows
 * survive a visit to the detail and back; its scroll position is saved and restored too.
 */
import {
  Activity,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { withNamespaces } from '../i18n';
import { ChunkErrorScreen, ChunkLoading } from '../router/chunk-error';
import { withTimeout } from '../router/lazy-chunk';
import { PORTAL_ROUTES, routeFor } from '../router/route-table';

const KEPT = PORTAL_ROUTES.filter((r) => r.layout === 'main' && r.keepAlive);
const PAGES = new Map<string, ComponentType>(
  KEPT.map((r) => [
    r.path,
    lazy(() =>
      // With the page's own translations, as the router loads its other pages (src/app/i18n).
      withTimeout(withNamespaces(r.load, ...(r.namespaces ?? []))).catch((error: unknown) => ({
        default: () => <ChunkErrorScreen error={error} />,
      })),
    ),
  ]),
);

export function KeepAliveOutlet() {
  const location = useLocation();
  const active = routeFor(location.pathname)?.keepAlive ? routeFor(location.pathname)!.path : null;
  const [visited, setVisited] = useState<readonly string[]>([]);
  const scroll = useRef(new Map<string, number>());
  // The kept page on screen; set in the layout phase, before any scroll event of the change.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (active && !visited.includes(active)) setVisited((v) => [...v, active]);
  }, [active, visited]);

  // Remember where the kept page on screen is scrolled to (not the clamping when it is hidden).
  useEffect(() => {
    const onScroll = () => {
      if (shown.current) scroll.current.set(shown.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const left = shown.current;
    shown.current = active;
    if (active) window.scrollTo(0, scroll.current.get(active) ?? 0);
    else if (left) window.scrollTo(0, 0);
  }, [active]);

  return (
    <>
      {KEPT.filter((r) => r.path === active || visited.includes(r.path)).map((r) => {
        const Page = PAGES.get(r.path)!;
        return (
          <Activity key={r.path} mode={r.path === active ? 'visible' : 'hidden'}>
            <Suspense fallback={<ChunkLoading />}>
              <Page />
            </Suspense>
          </Activity>
        );
      })}
      {!active && <Outlet />}
    </>
  );
}
