/** /calendar (spec §2): week and month of availability and appointments. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { orderDetailPath } from '../../features/consultations';
import { CalendarView } from '../../features/schedule';
import { accountSettingPath } from '../../paths';

export default function CalendarPage() {
  const { t } = useTranslation(['schedule', 'common']);
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('common:routes.calendar')}</h1>
        <Link
          to={accountSettingPath('availability', true)}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-white"
        >
          {t('schedule:editAvailability')}
        </Link>
      </header>
      <CalendarView detailPath={orderDetailPath} />
    </div>
  );
}
