/** Local media rules: spec §5 "at least one audio track", wire §20.8 track replacement. */
import { CallErrorText } from '../constants';
import { CallError } from '../errors';
import type { MediaKind } from '../types';

export function requireAudio(stream: MediaStream | null | undefined): void {
  if (!stream || stream.getAudioTracks().length === 0) throw new CallError(CallErrorText.NO_MEDIA);
}

/** Puts `track` in the stream in place of the stream's tracks of that kind (wire §20.8). */
export function swapTrack(stream: MediaStream, kind: MediaKind, track: MediaStreamTrack): void {
  if (stream.getTracks().includes(track)) return;
  for (const old of kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())
    stream.removeTrack(old);
  stream.addTrack(track);
}
