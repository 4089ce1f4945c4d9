/** Any unmatched path (spec §2). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-brand">404</p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.body')}</p>
      <Link to={paths.dashboard} className="rounded-lg bg-brand px-4 py-2 text-white hover:bg-brand-600">
        {t('actions.goHome')}
      </Link>
    </main>
  );
}
