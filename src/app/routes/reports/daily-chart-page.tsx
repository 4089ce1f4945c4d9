/** /reports/daily-chart?reportId= (spec §2, hidden): the member's daily chart, one cycle a page. */
import { useTranslation } from 'react-i18next';
import { DailyChartView } from '../../features/reports';

export default function DailyChartPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.dailyChart')}</h1>
      <DailyChartView />
    </div>
  );
}
