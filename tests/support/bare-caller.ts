/**
 * A call peer that is not our code (issue 13): a bare @roamhq/wrtc RTCPeerConnection whose
 * signals are raw `WebRTCVideoChat` headlines written by hand after wire §20.1–§20.2, sent and
 * read through an @xmpp/client peer. Its candidates go either trickled (one `iceCandidates`
 * signal each, at once) or inside the SDP (after gathering completes, no candidate signals).
 */
import { xml } from '@xmpp/client';
import { nodeWrtc, type FakeMedia } from './call-media';
import type { Element, Peer } from './chat-harness';

export type CandidateMode = 'trickled' | 'in-sdp';

export interface BareSignal {
  signalType: string;
  sessionID: string;
  callerID: string;
  callType: string;
  opponentIDs: string[];
  sdp?: string;
  candidates: { candidate: string; sdpMid: string; sdpMLineIndex: string }[];
}

export function readBareSignal(stanza: Element): BareSignal | null {
  const extra = stanza.getChild('extraParams', 'jabber:client');
  if (!stanza.is('message') || extra?.getChildText('moduleIdentifier') !== 'WebRTCVideoChat') return null;
  return {
    signalType: extra.getChildText('signalType') ?? '',
    sessionID: extra.getChildText('sessionID') ?? '',
    callerID: extra.getChildText('callerID') ?? '',
    callType: extra.getChildText('callType') ?? '',
    opponentIDs: (extra.getChild('opponentsIDs')?.getChildren('opponentID') ?? []).map((e: Element) =>
      e.text(),
    ),
    sdp: extra.getChildText('sdp') ?? undefined,
    candidates: (extra.getChild('iceCandidates')?.getChildren('iceCandidate') ?? []).map((e: Element) => ({
      candidate: e.getChildText('candidate') ?? '',
      sdpMid: e.getChildText('sdpMid') ?? '',
      sdpMLineIndex: e.getChildText('sdpMLineIndex') ?? '',
    })),
  };
}

let counter = 0;

/** Sends one raw signal, keys in the order of the wire §20.1 example. */
export async function sendBareSignal(
  peer: Peer,
  to: string,
  fields: {
    signalType: string;
    sessionID: string;
    callType: string;
    callerID: string;
    opponentIDs: string[];
    sdp?: string;
    candidates?: RTCIceCandidate[];
  },
): Promise<void> {
  await peer.send(
    xml(
      'message',
      {
        to,
        type: 'headline',
        id: `bare${Date.now().toString(16)}${(counter++).toString(16).padStart(8, '0')}`,
      },
      xml(
        'extraParams',
        { xmlns: 'jabber:client' },
        xml('moduleIdentifier', {}, 'WebRTCVideoChat'),
        xml('signalType', {}, fields.signalType),
        xml('sessionID', {}, fields.sessionID),
        xml('callType', {}, fields.callType),
        xml('callerID', {}, fields.callerID),
        xml('opponentsIDs', {}, ...fields.opponentIDs.map((id) => xml('opponentID', {}, id))),
        ...(fields.sdp !== undefined ? [xml('sdp', {}, fields.sdp)] : []),
        ...(fields.candidates
          ? [
              xml(
                'iceCandidates',
                {},
                ...fields.candidates.map((c) =>
                  xml(
                    'iceCandidate',
                    {},
                    xml('candidate', {}, c.candidate),
                    xml('sdpMid', {}, c.sdpMid ?? ''),
                    xml('sdpMLineIndex', {}, String(c.sdpMLineIndex ?? '')),
                  ),
                ),
              ),
            ]
          : []),
        xml('platform', {}, 'web'),
      ),
    ),
  );
}

/** A bare RTCPeerConnection with the fake media's tracks and a hook for its remote video. */
export function barePeerConnection(media: FakeMedia): {
  pc: RTCPeerConnection;
  remoteVideo: Promise<MediaStreamTrack>;
  gathered: Promise<void>;
  candidates: RTCIceCandidate[];
  onCandidate(listener: (candidate: RTCIceCandidate) => void): void;
} {
  const pc = new nodeWrtc.RTCPeerConnection({ iceServers: [] });
  for (const track of media.stream.getTracks()) pc.addTrack(track, media.stream);
  const candidates: RTCIceCandidate[] = [];
  let listener: ((candidate: RTCIceCandidate) => void) | null = null;
  let done: () => void = () => {};
  const gathered = new Promise<void>((resolve) => (done = resolve));
  pc.onicecandidate = (event) => {
    if (!event.candidate) {
      done();
      return;
    }
    candidates.push(event.candidate);
    listener?.(event.candidate);
  };
  const remoteVideo = new Promise<MediaStreamTrack>((resolve) => {
    pc.ontrack = (event) => {
      if (event.track.kind === 'video') resolve(event.track);
    };
  });
  return {
    pc,
    remoteVideo,
    gathered,
    candidates,
    onCandidate: (l) => {
      listener = l;
    },
  };
}
