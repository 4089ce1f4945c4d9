/** /reports/detail?reportId= (spec §2, hidden): one report, its member and charts, the editor. */
import { useTranslation } from 'react-i18next';
import { ReportScreen } from '../../features/reports';

export default function ReportDetailPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.reportDetail')}</h1>
      <ReportScreen mode="detail" />
    </div>
  );
}
