/**
 * Portal entry: languages, the browser notification permission (spec §1), then the portal root
 * (src/app/root, docs/architecture.md §3 "The portal root"), its router, and the app over them.
 */
import '../shared/api/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n';
import { paths } from './paths';
import { createPortalRoot, type PortalRoot } from './root';
import { createRouter, type PortalRouter } from './router/router';
import './styles.css';

function askNotificationPermission(): void {
  if ('Notification' in window && Notification.permission === 'default') {
    Notification.requestPermission().catch(() => undefined);
  }
}

/**
 * The portal root and its router. Creating the router starts its first navigation, and with it
 * the matched routes' chunks (React Router loads every matched route's `lazy` at once), so they
 * load side by side with the languages rather than after them (docs/performance.md "The route's
 * chunks beside the languages").
 */
function createPortal(): { root: PortalRoot; router: PortalRouter } {
  const root = createPortalRoot({
    navigation: {
      toLogin: () => void router.navigate(paths.login, { replace: true }),
      // Back where the provider came from; a report path opened directly has nowhere to go back to.
      leaveReport: () => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        void (index > 0 ? router.navigate(-1) : router.navigate(paths.dashboard, { replace: true }));
      },
    },
  });
  const router = createRouter(root);
  return { root, router };
}

function renderPortal({ root, router }: { root: PortalRoot; router: PortalRouter }): void {
  const reactRoot = createRoot(document.getElementById('root')!);
  // The first render as a transition: React yields to the browser every few milliseconds while it
  // builds the shell, instead of one long task that blocks input (docs/performance.md "Where the
  // main thread goes").
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App root={root} router={router} />
      </StrictMode>,
    ),
  );
}

async function startPortal(): Promise<void> {
  const portal = createPortal();
  await initI18n();
  askNotificationPermission();
  renderPortal(portal);
}

await startPortal();
