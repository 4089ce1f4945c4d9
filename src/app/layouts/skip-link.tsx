/**
 * "Skip to content" (WCAG 2.4.1 Bypass Blocks; docs/conventions.md "Accessibility"): the first
 * stop of the keyboard in the signed-in layout, shown only while it has focus. It moves focus to
 * the page's main region itself rather than following `#…`: a fragment would change the URL and
 * count as a navigation of the router.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the region the skip link lands on. */
export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg ring-2 ring-brand focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
    >
      {t('skipToContent')}
    </a>
  );
}
