import { RouterProvider } from 'react-router-dom';
import { setLoginNavigator } from './api/login-navigator';
import { setReportExit } from './api/report-access';
import { Toaster } from './components/toaster';
import { paths } from './paths';
import { createRouter } from './router/router';

const router = createRouter();
setLoginNavigator(() => void router.navigate(paths.login, { replace: true }));
// Back where the provider came from; a report path opened directly has nowhere to go back to.
setReportExit(() => {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  void (index > 0 ? router.navigate(-1) : router.navigate(paths.dashboard, { replace: true }));
});

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
