/** /Dashboard/balance (spec §2, hidden in the menu). */
import { useTranslation } from 'react-i18next';
import { BalanceView } from '../../features/dashboard';

export default function BalancePage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('routes.balance')}</h1>
      <BalanceView />
    </div>
  );
}
