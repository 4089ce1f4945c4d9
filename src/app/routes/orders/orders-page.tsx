/** /orders, titled Appointments and kept alive (spec §2; main layout's keep-alive). */
import { useTranslation } from 'react-i18next';
import { OrdersList } from '../../features/consultations';

export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.orders')}</h1>
      <OrdersList />
    </div>
  );
}
