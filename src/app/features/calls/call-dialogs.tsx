/**
 * The call's questions: 'Leave' asks 'Tips' / 'Do you want to hang up the call?' (Yes/No), 'Share
 * Screen' asks 'Sharing Screen' / 'You have access to the following fertility data: Charts,
 * Calendar, Ovulation' (Confirm/Cancel) (spec §5); after a consultation's call, whether to end the
 * consultation (spec §7 consultation/end). Headless UI loads with the first of them to open
 * (docs/performance.md "Route budgets"), not with the ring.
 */
import { useTranslation } from 'react-i18next';
import { consultationCalls } from '../../api/domain-calls';
import { LazyDialog } from '../../components/lazy-dialog';
import { answerEndConsultation, toggleSharing } from './call-toggles';
import { useCallState, useCalls } from './calls-context';
import { usePortalApi } from '../../root';

export function CallDialogs() {
  const { t } = useTranslation('calls');
  const calls = useCalls();
  const api = usePortalApi();
  const consultations = consultationCalls(api);
  const endConsultation = (chatId: number) => consultations.end(chatId);
  const { confirm, askEndConsultation, name, screen } = useCallState();
  const close = () => (calls.store.state.confirm = null);
  return (
    <>
      <LazyDialog
        open={confirm === 'leave'}
        title={t('leave.title')}
        onCancel={close}
        onDone={() => {
          close();
          calls.leave();
        }}
        doneLabel={t('leave.yes')}
        cancelLabel={t('leave.no')}
      >
        {t('leave.text')}
      </LazyDialog>
      <LazyDialog
        open={confirm === 'share'}
        title={t('share.title')}
        onCancel={close}
        onDone={() => {
          close();
          void toggleSharing(calls, api);
        }}
        doneLabel={t('share.confirm')}
        cancelLabel={t('share.cancel')}
      >
        {t('share.text')}
      </LazyDialog>
      <LazyDialog
        open={screen === 'ended' && askEndConsultation}
        title={t('consultation.title')}
        onCancel={() => void answerEndConsultation(calls, false, endConsultation)}
        onDone={() => void answerEndConsultation(calls, true, endConsultation)}
        doneLabel={t('consultation.end')}
        cancelLabel={t('consultation.keep')}
      >
        {t('consultation.text', { name })}
      </LazyDialog>
    </>
  );
}
