/**
 * The incoming-call overlay (spec §2): the caller's avatar and name, 'Invites you to online
 * call...', 'Hand up' and 'Accept'. An alert dialog, announced to screen readers, with 'Accept'
 * focused. A caller who is not one of the provider's clients is said to be so (issue 27). While
 * the ring tone plays (call-ringer.ts), 'Silence' stops it and leaves the ring answerable.
 *
 * A ring is always answerable, also over an open modal (issue 27): a modal dialog (Headless UI)
 * makes the portal's tree inert and hidden from screen readers, and treats a click outside itself
 * as Cancel. So the overlay lives in a layer of its own directly under `<body>` ({@link ringLayer}):
 * no modal marks it inert, and Headless UI counts it as a container of its own, so answering the
 * ring neither is refused nor cancels the modal, which is still there after the call.
 */
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { Button } from '../../components/button';
import { BellOff, Phone, PhoneOff } from 'lucide-react';
import { useCallState, useCalls } from './calls-context';

/** The element under `<body>`, beside the portal's root, that holds the overlay. */
function ringLayer(): HTMLElement {
  const found = document.getElementById('ring-layer');
  if (found) return found;
  const layer = document.createElement('div');
  layer.id = 'ring-layer';
  document.body.append(layer);
  return layer;
}

export function IncomingOverlay() {
  const { t } = useTranslation('calls');
  const calls = useCalls();
  const { screen, name, avatar, media, stranger, ringTone } = useCallState();
  if (screen !== 'ringing') return null;
  return createPortal(
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
          <Button variant="danger" onClick={() => calls.refuse()}>
            <PhoneOff aria-hidden size={16} />
            {t('incoming.handUp')}
          </Button>
          <Button autoFocus onClick={() => void calls.accept()}>
            <Phone aria-hidden size={16} />
            {t('incoming.accept')}
          </Button>
        </div>
        {ringTone && (
          <Button variant="ghost" onClick={() => calls.silence()}>
            <BellOff aria-hidden size={16} />
            {t('incoming.silence')}
          </Button>
        )}
      </div>
    </div>,
    ringLayer(),
  );
}
