/** /reports (spec §2): the expert report lists. */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ReportList } from '../../features/reports';

export default function ReportsPage() {
  const { t } = useTranslation();
  // Another member's link while the lists are open starts them afresh with her search.
  const keyword = useSearchParams()[0].get('keyword');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.reports')}</h1>
      <ReportList key={keyword} />
    </div>
  );
}
