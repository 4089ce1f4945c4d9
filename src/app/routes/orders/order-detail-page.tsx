/** /orders/detail?id= (spec §2, hidden). */
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { OrderDetail } from '../../features/consultations';
import { paths } from '../../paths';

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.orders} replace />;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.orderDetail')}</h1>
      <OrderDetail key={id} id={id} />
    </div>
  );
}
