/** A route chunk that failed or timed out (spec §8): say so and offer a retry. */
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

export function ChunkErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    // Kept in the browser console for whoever diagnoses a failed page.
    console.error('Page failed to load', error);
  }, [error]);
  return (
    <section
      role="alert"
      className="mx-auto mt-16 max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <h1 className="mb-2 text-xl font-semibold">{t('chunk.title')}</h1>
      <p className="mb-6 text-slate-600">{t('chunk.body')}</p>
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
