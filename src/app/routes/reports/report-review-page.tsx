/** /reports/review?reportId= (spec §2, hidden): a report read-only, with the member's charts. */
import { useTranslation } from 'react-i18next';
import { ReportScreen } from '../../features/reports';

export default function ReportReviewPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.reportReview')}</h1>
      <ReportScreen mode="review" />
    </div>
  );
}
