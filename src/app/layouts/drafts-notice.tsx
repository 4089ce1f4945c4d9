/**
 * What the provider had not saved when she was last signed out (the automatic logoff, a closed
 * browser), offered back after she signs in again (docs/security.md "Automatic logoff"): each
 * draft older than this sign-in, with the page that picks it up and a way to discard it. Opening
 * it there puts it back into its editor, which keeps it as today's, and it leaves the list.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useDrafts } from '../root';
import { signedInAt } from '../session';
import { draftLabel } from './unsaved-work';

export function DraftsNotice() {
  const { t } = useTranslation();
  const drafts = useDrafts();
  const { items, loaded } = useSnapshot(drafts.state);
  const [hidden, setHidden] = useState(false);
  const [since] = useState(() => signedInAt());
  if (!loaded || hidden || since === null) return null;
  const earlier = Object.values(items).filter((draft) => draft.at < since);
  if (earlier.length === 0) return null;
  return (
    <section
      aria-label={t('draftsNotice.title')}
      className="mx-6 mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-medium">{t('draftsNotice.title')}</p>
      <p className="mt-1">{t('draftsNotice.body')}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {earlier.map((draft) => (
          <li key={draft.key} className="flex flex-wrap items-center gap-3">
            <Link to={draft.path} className="font-medium text-brand hover:underline">
              {draftLabel(draft)}
            </Link>
            <button
              type="button"
              className="text-xs text-slate-600 underline hover:text-slate-900"
              aria-label={t('draftsNotice.discardItem', { item: draftLabel(draft) })}
              onClick={() => drafts.drop(draft.key)}
            >
              {t('draftsNotice.discard')}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="mt-2 text-xs text-slate-600 underline hover:text-slate-900"
        onClick={() => setHidden(true)}
      >
        {t('draftsNotice.hide')}
      </button>
    </section>
  );
}
