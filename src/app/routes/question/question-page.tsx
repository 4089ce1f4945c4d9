/**
 * /question?appointmentId= (spec §2: hidden, outside the main layout, no chat connection): the
 * intake questionnaire of one of the provider's appointments.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { orderDetailPath } from '../../features/consultations';
import { IntakeQuestionnaire } from '../../features/questionnaire';
import { paths } from '../../paths';

export default function QuestionPage() {
  const { t } = useTranslation('intake');
  const [params] = useSearchParams();
  const id = Number(params.get('appointmentId'));
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col gap-3 rounded-2xl bg-white p-8 text-center">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-slate-600">{t('missingId')}</p>
        <Link to={paths.orders} className="text-brand hover:underline">
          {t('toAppointments')}
        </Link>
      </section>
    );
  }
  return <IntakeQuestionnaire key={id} appointmentId={id} appointmentPath={orderDetailPath(id)} />;
}
