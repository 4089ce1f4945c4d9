/**
 * The call window's controls (spec §2): 'Zoom out', 'Mute', 'Video' (video calls only), 'Share
 * Screen', 'Leave'. Toggles say whether they are on (aria-pressed); 'Leave' and 'Share Screen'
 * ask first (spec §5, call-dialogs.tsx).
 */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { setMinimised } from './call-store';
import { toggleCamera, toggleMute, toggleSharing } from './call-toggles';
import { callStore } from './call-store';

const BASE =
  'rounded-full px-4 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

function Toggle({ label, pressed, onClick }: { label: string; pressed: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`${BASE} ${pressed ? 'bg-white text-slate-900' : 'bg-white/15 text-white hover:bg-white/25'}`}
    >
      {label}
    </button>
  );
}

export function CallControls() {
  const { t } = useTranslation('calls');
  const { media, muted, cameraOff, sharing, screen } = useSnapshot(callStore);
  const talking = screen === 'connected' || screen === 'reconnecting';
  return (
    <div role="toolbar" aria-label={t('controls.label')} className="flex flex-wrap justify-center gap-3">
      <button
        type="button"
        onClick={() => setMinimised(true)}
        className={`${BASE} bg-white/15 text-white hover:bg-white/25`}
      >
        {t('controls.zoomOut')}
      </button>
      <Toggle label={t('controls.mute')} pressed={muted} onClick={() => void toggleMute()} />
      {media === 'video' && (
        <Toggle label={t('controls.video')} pressed={cameraOff} onClick={() => void toggleCamera()} />
      )}
      {media === 'video' && talking && (
        <Toggle
          label={t('controls.share')}
          pressed={sharing}
          onClick={() => (sharing ? void toggleSharing() : (callStore.confirm = 'share'))}
        />
      )}
      <button
        type="button"
        onClick={() => (callStore.confirm = 'leave')}
        className={`${BASE} bg-red-600 text-white hover:bg-red-700`}
      >
        {t('controls.leave')}
      </button>
    </div>
  );
}
