/**
 * A route chunk that failed or timed out (spec §8): say so and offer a retry, which is made by
 * itself when the network comes back. Offline it says so; on the login route (where signing out
 * offline ends) it says that she is signed out.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../components/button';
import NotFoundPage from '../routes/not-found-page';

export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ChunkErrorScreen error={error} />;
}

export function ChunkErrorScreen({ error, signedOut = false }: { error: unknown; signedOut?: boolean }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  useEffect(() => {
    // Kept in the browser console for whoever diagnoses a failed page.
    console.error('Page failed to load', error);
  }, [error]);
  useEffect(() => {
    // A page that failed offline loads by itself once the network is back: the router keeps a
    // route's failed chunk for the page's life, so only a new page load fetches it again.
    const retry = () => window.location.reload();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);
  return (
    <section
      role="alert"
      className="mx-auto mt-16 max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <h1 className="mb-2 text-xl font-semibold">
        {t(signedOut ? 'chunk.signedOutTitle' : offline ? 'chunk.offlineTitle' : 'chunk.title')}
      </h1>
      <p className="mb-6 text-slate-600">
        {t(offline ? (signedOut ? 'chunk.signedOutBody' : 'chunk.offlineBody') : 'chunk.body')}
      </p>
      <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
    </section>
  );
}

/** Shown while the first route chunk loads. */
export function ChunkLoading() {
  const { t } = useTranslation();
  return (
    <p className="p-8 text-center text-slate-500" aria-busy>
      {t('chunk.loading')}
    </p>
  );
}
