/**
 * Screen sharing of the client's fertility data (spec §2 /shareScreen, §4, §5): after the
 * 'Sharing Screen' confirm, the client's charts, calendar and ovulation open in a 735×970 popup
 * (spec §9), the call sends the captured screen instead of the camera (wire §20.8: replaceTrack,
 * no renegotiation), tuned for charts (contentHint 'detail', resolution kept over frame rate),
 * and the client is told by a chat message (`share_screen`). The button, closing the popup or the
 * browser's own stop returns to the camera and tells the client again. 'Screen sharing failed!'
 * on failure (spec §8).
 */
import i18next from 'i18next';
import type { CallSession } from '../../../webrtc/browser';
import { SHARE_WINDOW } from '../../../shared/constants';
import { showToast } from '../../components/toast-store';
import type { ChatRuntime } from '../../connections';
import { shareScreenPath } from '../../paths';
import { sendShareNotice } from './call-chat';
import { callStore } from './call-store';

export interface ShareContext {
  runtime: ChatRuntime;
  session: CallSession;
  /** The camera's track to go back to (null: the camera is off or there is none). */
  camera(): MediaStreamTrack | null;
}

interface Sharing {
  context: ShareContext;
  track: MediaStreamTrack;
  popup: Window | null;
  watch: ReturnType<typeof setInterval>;
}

let sharing: Sharing | null = null;
/** How often a closed popup is noticed. */
const POPUP_WATCH_MS = 500;

/** Window features of the share popup: 735×970 (spec §9). */
export const popupFeatures = () =>
  `popup=yes,width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},left=${Math.max(0, window.screenX + 40)},top=${Math.max(0, window.screenY + 20)}`;

/** Keeps resolution over frame rate on the video sender (charts must stay readable). */
async function preferResolution(session: CallSession, opponentId: number): Promise<void> {
  const sender = session
    .peerConnection(opponentId)
    ?.getSenders()
    .find((s) => s.track?.kind === 'video');
  if (!sender) return;
  const parameters = sender.getParameters();
  parameters.degradationPreference = 'maintain-resolution';
  await sender.setParameters(parameters).catch((error: unknown) => console.warn('Sender parameters', error));
}

/**
 * Confirmed: capture and open the popup in the same click (both need the user's gesture), then
 * send the screen. Resolves once sharing runs or has failed.
 */
export async function startSharing(context: ShareContext): Promise<void> {
  if (sharing || callStore.opponentId === null) return;
  const opponentId = callStore.opponentId;
  const capture = navigator.mediaDevices.getDisplayMedia({
    video: { width: { ideal: 1920 }, height: { ideal: 1080 }, frameRate: { ideal: 15, max: 30 } },
    audio: false,
  });
  const popup = window.open(shareScreenPath(opponentId), 'shareScreen', popupFeatures());
  let track: MediaStreamTrack | undefined;
  try {
    const stream = await capture;
    track = stream.getVideoTracks()[0];
    if (!track) throw new Error('The captured screen has no video track');
    track.contentHint = 'detail';
    await context.session.replaceTrack('video', track, { contentHint: 'detail' });
    await preferResolution(context.session, opponentId);
  } catch (error) {
    console.warn('Screen sharing', error);
    track?.stop();
    popup?.close();
    showToast(i18next.t('calls:errors.share'));
    return;
  }
  const shared = track;
  sharing = {
    context,
    track: shared,
    popup,
    watch: setInterval(() => {
      if (sharing?.popup?.closed) stopSharing();
    }, POPUP_WATCH_MS),
  };
  // The browser's own "Stop sharing".
  shared.addEventListener('ended', () => stopSharing());
  callStore.sharing = true;
  void sendShareNotice(context.runtime, { opponentId, media: callStore.media, sharing: true });
}

/** Back to the camera; the client is told unless the call is ending. */
export function stopSharing({ notify = true }: { notify?: boolean } = {}): void {
  const current = sharing;
  if (!current) return;
  sharing = null;
  clearInterval(current.watch);
  current.track.stop();
  if (current.popup && !current.popup.closed) current.popup.close();
  callStore.sharing = false;
  if (!notify) return;
  const { context } = current;
  void context.session
    .replaceTrack('video', context.camera())
    .catch((error: unknown) => console.warn('Back to the camera', error));
  if (callStore.opponentId !== null)
    void sendShareNotice(context.runtime, {
      opponentId: callStore.opponentId,
      media: callStore.media,
      sharing: false,
    });
}
