/**
 * Server state (TanStack Query, docs/architecture.md §3) for the signed-in area, one client per
 * signed-in shell (layouts/signed-in-shell.tsx). The public pages fetch
 * little and stay small without it (docs/architecture.md §4 login route budget).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { ApiError } from '../../rest';
import type { SessionStore } from '../session';

/** The server data of one signed-in shell: one per session, so nothing cached outlives it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers are final; only transport failures are worth one more try.
        retry: (count, error) =>
          count < 1 && error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.status >= 500),
        staleTime: 30_000,
      },
    },
  });
}

/**
 * Keeps `client` honest while its shell lives; the returned function stops it. Nothing cached for
 * one provider may show for the next one: the session's end clears it (before the shell goes).
 * What the server writes in the portal's language (catalogues, agreements: Accept-Language,
 * issue 26) is asked again in the new one.
 */
export function followSessionAndLanguage(client: QueryClient, session: SessionStore): () => void {
  const stopClearing = session.onEnd(() => client.clear());
  const askAgain = () => void client.invalidateQueries();
  i18next.on('languageChanged', askAgain);
  return () => {
    stopClearing();
    i18next.off('languageChanged', askAgain);
  };
}

export function ServerDataProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
