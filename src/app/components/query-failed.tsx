/**
 * A read that failed, said where its data would be, with a retry (spec §8's generic message): never
 * an empty state ("No data available") nor a loading one that stays, which would tell the provider
 * her data is gone or coming.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { readFailed, type Read } from './read-failure';

export { readFailed, retryFailed } from './read-failure';

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

/** `read`'s failure with a retry, once it failed holding nothing; else nothing. */
export function ReadFailure({ read, centered }: { read: Read; centered?: boolean }) {
  return readFailed(read) && <QueryFailed onRetry={() => void read.refetch()} centered={centered} />;
}

/** What shows while `read` holds nothing: `children` (its loading state), or its failure with a retry. */
export function ReadPending({ read, children }: { read: Read; children: ReactNode }) {
  return readFailed(read) ? <QueryFailed onRetry={() => void read.refetch()} /> : children;
}
