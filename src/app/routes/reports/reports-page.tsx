/** /reports (spec §2): the expert report lists. */
import { useTranslation } from 'react-i18next';
import { ReportList } from '../../features/reports';

export default function ReportsPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.reports')}</h1>
      <ReportList />
    </div>
  );
}
