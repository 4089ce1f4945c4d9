/**
 * The incoming-call overlay (spec §2): the caller's avatar and name, 'Invites you to online
 * call...', 'Hand up' and 'Accept'. An alert dialog, announced to screen readers, with 'Accept'
 * focused. A caller who is not one of the provider's clients is said to be so (issue 27).
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { Button } from '../../components/button';
import { accept, refuse } from './call-controller';
import { callStore } from './call-store';

export function IncomingOverlay() {
  const { t } = useTranslation('calls');
  const { screen, name, avatar, media, stranger } = useSnapshot(callStore);
  if (screen !== 'ringing') return null;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="incoming-call-name"
        aria-describedby="incoming-call-text"
        className="flex w-80 flex-col items-center gap-4 rounded-2xl bg-white p-6 text-center shadow-xl"
      >
        <img src={avatar ?? DEFAULT_AVATAR_PATH} alt="" className="h-20 w-20 rounded-full object-cover" />
        <h2 id="incoming-call-name" className="text-lg font-semibold text-slate-900">
          {name}
        </h2>
        <p id="incoming-call-text" className="text-sm text-slate-600">
          {t('incoming.invites')}
          <span className="sr-only"> {t(media === 'video' ? 'incoming.video' : 'incoming.audio')}</span>
          {stranger && (
            <span className="mt-2 block font-medium text-amber-700">{t('incoming.stranger')}</span>
          )}
        </p>
        <div className="flex gap-3">
          <Button variant="danger" onClick={() => refuse()}>
            {t('incoming.handUp')}
          </Button>
          <Button autoFocus onClick={() => void accept()}>
            {t('incoming.accept')}
          </Button>
        </div>
      </div>
    </div>
  );
}
