/**
 * Sharing the client's fertility data (spec §2 /shareScreen, §4, §5; docs/calls.md "Screen
 * sharing"): after the 'Sharing Screen' confirm, the client's charts, calendar and ovulation open
 * in a 735×970 popup (spec §9) where the provider chooses the cycle, and the call sends the same
 * view drawn into a canvas of this page (share-canvas.ts) instead of the camera (wire §20.8:
 * replaceTrack, no renegotiation), tuned for charts (contentHint 'detail', resolution kept over
 * frame rate). No screen is captured: no picker, and nothing but what the confirm names can
 * reach the client. The own view shows the shared canvas while it is sent. The client is told by
 * a chat message (`share_screen`). The button, closing the popup or the call's end stops the
 * canvas's track and returns to the camera. 'Screen sharing failed!' on failure (spec §8).
 */
import i18next from 'i18next';
import type { CallSession } from '../../../webrtc/browser';
import { SHARE_WINDOW } from '../../../shared/constants';
import type { PortalApi } from '../../api/api-client';
import type { ChatRuntime } from '../../connections';
import { withNamespaces } from '../../i18n';
import { shareScreenPath } from '../../paths';
import type { CallChat } from './call-chat';
import type { CallEffects } from './call-effects';
import type { CallStore } from './call-store';
import type { SharedCanvas } from './share-canvas';

export interface ShareContext {
  runtime: ChatRuntime;
  /** The own-API client the client's data is read with (the portal root's). */
  api: PortalApi;
  session: CallSession;
  /** The camera's track to go back to (null: the camera is off or there is none). */
  camera(): MediaStreamTrack | null;
}

interface Sharing {
  context: ShareContext;
  canvas: SharedCanvas;
  popup: Window | null;
  watch: ReturnType<typeof setInterval>;
}

/** How often a closed popup is noticed. */
const POPUP_WATCH_MS = 500;

/** The canvas code and the chart words it draws, loaded with the first share. */
const loadSharedCanvas = withNamespaces(() => import('./share-canvas'), 'charts');

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

export interface ScreenShare {
  /**
   * Confirmed: open the popup in the same click (it needs the user's gesture), draw the view and
   * send it. Resolves once sharing runs or has failed.
   */
  start(context: ShareContext): Promise<void>;
  /**
   * The canvas's track ends and the camera goes back on the call; unless the call is ending
   * (`notify` false: its tracks all end), when neither the camera nor the client's notice is needed.
   */
  stop(options?: { notify?: boolean }): void;
}

/** The sharing of one call controller's calls (call-controller.ts), shown in its store. */
export function createScreenShare(
  store: CallStore,
  { toast, country }: Pick<CallEffects, 'toast' | 'country'>,
  { sendShareNotice }: Pick<CallChat, 'sendShareNotice'>,
): ScreenShare {
  const { state } = store;
  let sharing: Sharing | null = null;
  /** A share being set up; `cancelled` once it was stopped (or the call ended) meanwhile. */
  let starting: { cancelled: boolean } | null = null;

  async function start(context: ShareContext): Promise<void> {
    if (sharing || starting || state.opponentId === null) return;
    const opponentId = state.opponentId;
    const popup = window.open(shareScreenPath(opponentId), 'shareScreen', popupFeatures());
    const attempt = { cancelled: false };
    starting = attempt;
    let canvas: SharedCanvas | undefined;
    try {
      const { openSharedCanvas } = await loadSharedCanvas();
      canvas = await openSharedCanvas(context.runtime.queryClient, context.api, opponentId, country);
      if (attempt.cancelled) throw new Error('Stopped before it started');
      await context.session.replaceTrack('video', canvas.track, { contentHint: 'detail' });
      await preferResolution(context.session, opponentId);
      if (attempt.cancelled) throw new Error('Stopped before it started');
    } catch (error) {
      if (starting === attempt) starting = null;
      canvas?.stop();
      popup?.close();
      if (attempt.cancelled) return;
      console.warn('Screen sharing', error);
      void context.session.replaceTrack('video', context.camera()).catch(() => undefined);
      toast(i18next.t('calls:errors.share'));
      return;
    }
    starting = null;
    sharing = {
      context,
      canvas,
      popup,
      watch: setInterval(() => {
        if (sharing?.popup?.closed) stop();
      }, POPUP_WATCH_MS),
    };
    state.sharing = true;
    store.setSharedStream(canvas.stream);
    void sendShareNotice(context.runtime, { opponentId, media: state.media, sharing: true });
  }

  function stop({ notify = true }: { notify?: boolean } = {}): void {
    if (starting) {
      starting.cancelled = true;
      starting = null;
    }
    const current = sharing;
    if (!current) return;
    sharing = null;
    clearInterval(current.watch);
    if (current.popup && !current.popup.closed) current.popup.close();
    state.sharing = false;
    store.setSharedStream(null);
    current.canvas.stop();
    if (!notify) return;
    const { context } = current;
    void context.session
      .replaceTrack('video', context.camera())
      .catch((error: unknown) => console.warn('Back to the camera', error));
    if (state.opponentId !== null)
      void sendShareNotice(context.runtime, {
        opponentId: state.opponentId,
        media: state.media,
        sharing: false,
      });
  }

  return { start, stop };
}
