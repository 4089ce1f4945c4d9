/** Local media rules: spec §5 "at least one audio track", wire §20.8 track replacement. */
import { CallErrorText } from '../constants';
import { CallError } from '../errors';

export function requireAudio(stream: MediaStream | null | undefined): void {
  if (!stream || stream.getAudioTracks().length === 0) throw new CallError(CallErrorText.NO_MEDIA);
}
