/** The portal's React tree over its root (src/app/root): the router and the toaster. */
import { RouterProvider } from 'react-router-dom';
import { Toaster } from './components/toaster';
import { PortalRootContext, type PortalRoot } from './root';
import type { PortalRouter } from './router/router';

export function App({ root, router }: { root: PortalRoot; router: PortalRouter }) {
  return (
    <PortalRootContext.Provider value={root}>
      <RouterProvider router={router} />
      <Toaster toasts={root.toasts} />
    </PortalRootContext.Provider>
  );
}
