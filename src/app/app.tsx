import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ApiError } from '../rest';
import { setLoginNavigator } from './api/api-client';
import { Toaster } from './components/toaster';
import { paths } from './paths';
import { createRouter } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers are final; only transport failures are worth one more try.
      retry: (count, error) =>
        count < 1 && error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.status >= 500),
      staleTime: 30_000,
    },
  },
});

const router = createRouter();
setLoginNavigator(() => void router.navigate(paths.login, { replace: true }));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
