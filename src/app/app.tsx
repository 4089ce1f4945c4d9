import { RouterProvider } from 'react-router-dom';
import { setLoginNavigator } from './api/api-client';
import { Toaster } from './components/toaster';
import { paths } from './paths';
import { createRouter } from './router/router';

const router = createRouter();
setLoginNavigator(() => void router.navigate(paths.login, { replace: true }));

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
