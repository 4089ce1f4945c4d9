/**
 * The camera and microphone a call uses: the ones chosen in the pre-call check (kept in this
 * browser), else the browser's default; and whether the check was done before a first call.
 */
import type { CallMedia } from '../../connections';

const DEVICES_KEY = 'callDevices';
const CHECKED_KEY = 'preCallChecked';

export interface ChosenDevices {
  camera?: string;
  microphone?: string;
}

export function chosenDevices(): ChosenDevices {
  try {
    return (JSON.parse(localStorage.getItem(DEVICES_KEY) ?? '{}') as ChosenDevices) ?? {};
  } catch {
    return {};
  }
}

export function chooseDevices(devices: ChosenDevices): void {
  localStorage.setItem(DEVICES_KEY, JSON.stringify(devices));
}

/** The pre-call check was passed in this browser (it shows before a first call until then). */
export const preCallChecked = () => localStorage.getItem(CHECKED_KEY) === '1';
export const markPreCallChecked = () => localStorage.setItem(CHECKED_KEY, '1');

/** getUserMedia constraints for a call of this media with the chosen devices. */
export function callConstraints(
  media: CallMedia,
  devices: ChosenDevices = chosenDevices(),
): MediaStreamConstraints {
  const audio: MediaTrackConstraints | true = devices.microphone ? { deviceId: devices.microphone } : true;
  if (media === 'audio') return { audio, video: false };
  return {
    audio,
    video: {
      ...(devices.camera ? { deviceId: devices.camera } : {}),
      width: { ideal: 1280 },
      height: { ideal: 720 },
    },
  };
}

/** The local media of a call; a chosen device that is gone falls back to the default. */
export async function openCallMedia(media: CallMedia): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia(callConstraints(media));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'OverconstrainedError')
      return navigator.mediaDevices.getUserMedia(callConstraints(media, {}));
    throw error;
  }
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
