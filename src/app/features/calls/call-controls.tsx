/**
 * The call window's controls (spec §2): 'Zoom out', 'Mute', 'Video' (video calls only), 'Share
 * Screen', 'Leave', each an icon with its name written under it. Toggles say whether they are on
 * (aria-pressed) and change their icon too (a struck-through microphone or camera), so the muted
 * and camera-off states read without colour; 'Leave' and 'Share Screen' ask first (spec §5,
 * call-dialogs.tsx). The network quality from the call's stats is beside them (call-quality.ts).
 */
import {
  Mic,
  MicOff,
  Minimize2,
  MonitorOff,
  MonitorUp,
  PhoneOff,
  Video,
  VideoOff,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NetworkQualityBadge } from './network-quality-badge';
import { toggleCamera, toggleMute, toggleSharing } from './call-toggles';
import { useCallState, useCalls } from './calls-context';
import { usePortalApi } from '../../root';

const BASE =
  'flex min-w-16 flex-col items-center gap-1 rounded-2xl px-3 py-2 text-xs font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const PLAIN = 'bg-white/15 text-white hover:bg-white/25';

function Control({
  label,
  icon: Icon,
  onClick,
  pressed,
  tone = PLAIN,
}: {
  label: string;
  icon: LucideIcon;
  onClick(): void;
  /** A toggle: on (true) or off (false); undefined for a plain button. */
  pressed?: boolean;
  tone?: string;
}) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onClick} className={`${BASE} ${tone}`}>
      <Icon aria-hidden size={20} />
      {label}
    </button>
  );
}

/** A pressed toggle is white on dark text, so the state shows without colour alone (the icon changes too). */
const toggleTone = (on: boolean) => (on ? 'bg-white text-slate-900' : PLAIN);

export function CallControls() {
  const { t } = useTranslation('calls');
  const api = usePortalApi();
  const calls = useCalls();
  const { media, muted, cameraOff, sharing, screen } = useCallState();
  const talking = screen === 'connected' || screen === 'reconnecting';
  return (
    <div className="flex flex-col items-center gap-2">
      <NetworkQualityBadge />
      <div role="toolbar" aria-label={t('controls.label')} className="flex flex-wrap justify-center gap-3">
        <Control
          label={t('controls.zoomOut')}
          icon={Minimize2}
          onClick={() => calls.store.setMinimised(true)}
        />
        <Control
          label={t('controls.mute')}
          icon={muted ? MicOff : Mic}
          pressed={muted}
          tone={toggleTone(muted)}
          onClick={() => void toggleMute(calls)}
        />
        {media === 'video' && (
          <Control
            label={t('controls.video')}
            icon={cameraOff ? VideoOff : Video}
            pressed={cameraOff}
            tone={toggleTone(cameraOff)}
            onClick={() => void toggleCamera(calls)}
          />
        )}
        {media === 'video' && talking && (
          <Control
            label={t('controls.share')}
            icon={sharing ? MonitorOff : MonitorUp}
            pressed={sharing}
            tone={toggleTone(sharing)}
            onClick={() => (sharing ? void toggleSharing(calls, api) : (calls.store.state.confirm = 'share'))}
          />
        )}
        <Control
          label={t('controls.leave')}
          icon={PhoneOff}
          tone="bg-red-700 text-white hover:bg-red-800"
          onClick={() => (calls.store.state.confirm = 'leave')}
        />
      </div>
    </div>
  );
}
