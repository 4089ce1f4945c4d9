/** /clients (spec §2). */
import { useTranslation } from 'react-i18next';
import { ClientsTable } from '../../features/consultations';

export default function ClientsPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.clients')}</h1>
      <ClientsTable />
    </div>
  );
}
