/**
 * A read that failed, said where its data would be, with a retry (spec §8's generic message): never
 * an empty state ("No data available") nor a loading one that stays, which would tell the provider
 * her data is gone or coming.
 */
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export function QueryFailed({ onRetry, centered = false }: { onRetry(): void; centered?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={`flex flex-col gap-3 p-6 ${centered ? 'items-center' : 'items-start'}`}>
      <p className="text-slate-600">{t('errors.generic')}</p>
      <Button
        variant="secondary"
        onClick={(event) => {
          // The button goes with the failure: focus stays in the page's region (the main region
          // takes it, as from the skip link), not on the document.
          event.currentTarget.parentElement?.closest<HTMLElement>('[tabindex]')?.focus();
          onRetry();
        }}
      >
        {t('actions.retry')}
      </Button>
    </div>
  );
}

/**
 * The read failed and holds nothing: what to say instead of its data. A refetch that failed while
 * the last answer is held (TanStack keeps it, `isError` all the same) leaves that answer on screen.
 */
export function readFailed(query: { isError: boolean; data: unknown }): boolean {
  return query.isError && query.data === undefined;
}

/** Asks each failed read again (a screen whose data comes from several). */
export function retryFailed(...queries: ReadonlyArray<{ isError: boolean; refetch(): unknown }>): void {
  for (const query of queries) if (query.isError) void query.refetch();
}
