/**
 * The call window's toggles and the question after a consultation's call (spec §2 controls, §4,
 * §5, §7 consultation/end), on the call the controller holds (call-controller.ts).
 */
import i18next from 'i18next';
import type { PortalApi } from '../../api/api-client';
import type { CallController } from './call-controller';

/** 'Mute': the microphone's track is taken off the call and put back (no renegotiation, wire §20.8). */
export async function toggleMute(calls: CallController): Promise<void> {
  const call = calls.current();
  const callStore = calls.store.state;
  if (!call) return;
  const muted = !callStore.muted;
  callStore.muted = muted;
  if (call.tracks.audio) call.tracks.audio.enabled = !muted;
}

/** 'Video' (video calls only): the camera off and on again. */
export async function toggleCamera(calls: CallController): Promise<void> {
  const call = calls.current();
  const callStore = calls.store.state;
  if (!call || callStore.media !== 'video') return;
  const off = !callStore.cameraOff;
  callStore.cameraOff = off;
  if (call.tracks.video) call.tracks.video.enabled = !off;
}

/** 'Share Screen', confirmed (spec §5 'Sharing Screen'); pressed again it stops. `api` reads the client's data. */
export async function toggleSharing(calls: CallController, api: PortalApi): Promise<void> {
  const call = calls.current();
  if (!call) return;
  if (calls.store.state.sharing) return calls.share.stop();
  await calls.share.start({
    runtime: call.runtime,
    api,
    session: call.session,
    camera: () => call.tracks.video,
  });
}

/**
 * After a consultation's call: end it (spec §7 `consultation/end?quickBloxId=`, `endConsultation`
 * the consultations' call) or not.
 */
export async function answerEndConsultation(
  calls: CallController,
  end: boolean,
  endConsultation: (chatId: number) => Promise<unknown>,
): Promise<void> {
  const opponentId = calls.store.state.opponentId;
  if (end && opponentId !== null) {
    try {
      await endConsultation(opponentId);
      calls.toast(i18next.t('calls:consultation.ended'), 'success');
    } catch (error) {
      // The API client has shown the server's message (spec §8).
      console.warn('Ending the consultation', error);
    }
  }
  // A call that began while she answered has the screen now: the end text is gone already.
  if (calls.store.state.screen === 'ended') calls.store.resetCall();
}
