/** Pages owned by later issues: their title and the sentence that the screen is being built. */
import { useTranslation } from 'react-i18next';

export function UnderConstruction({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-3xl rounded-2xl border border-dashed border-brand/40 bg-white p-10 text-center">
      <h1 className="mb-3 text-2xl font-semibold text-slate-900">{t(`routes.${titleKey}`)}</h1>
      <p className="text-slate-600">{t('building')}</p>
    </section>
  );
}
