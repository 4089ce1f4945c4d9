/**
 * Server state (TanStack Query, docs/architecture.md §3) for the signed-in area. The public pages fetch
 * little and stay small without it (docs/architecture.md §4 login route budget).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { ApiError } from '../../rest';
import { onSessionEnd } from '../session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers are final; only transport failures are worth one more try.
      retry: (count, error) =>
        count < 1 && error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.status >= 500),
      staleTime: 30_000,
    },
  },
});

// Nothing cached for one provider may show for the next one.
onSessionEnd(() => queryClient.clear());

// What the server writes in the portal's language (catalogues, agreements: Accept-Language, issue 26)
// is asked again in the new one.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

export function ServerDataProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
