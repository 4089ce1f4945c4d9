/**
 * "Loading…" in the place of content that will be taller than the screen (a report's editor, the
 * member's cycle charts): the block keeps a screen's height until the content comes, so what
 * follows it is not on screen and then pushed off it (docs/performance.md "Layout shifts").
 */
import { useTranslation } from 'react-i18next';

export function TallLoading({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className={`min-h-screen ${className}`}>
      <p className="text-sm text-slate-500">{t('common:loading')}</p>
    </div>
  );
}
