/**
 * Calls from the console (docs/console.md, docs/calls.md): the call client of `src/webrtc` over the
 * console's chat user, loaded when she signs in; place a call to the peer, answer or decline one
 * that rings, hang up. The signals show on the timeline decoded (wire §20); the session's states
 * show as notes.
 */
import { useEffect, useState } from 'react';
import type { CallClient, CallSession, CallType } from '../webrtc';
import { moduleCarrier } from '../xmpp';
import type { ConsoleChat } from './chat-session';
import { recorder } from './recorder';

// wire §20.1: 1 = video, 2 = audio (CallType of src/webrtc, which loads only on sign-in).
const VIDEO: CallType = 1;
const AUDIO: CallType = 2;

export function CallPanel({ session, peer }: { session: ConsoleChat; peer: string }) {
  const [client, setClient] = useState<CallClient | null>(null);
  const [call, setCall] = useState<CallSession | null>(null);
  const [ringing, setRinging] = useState<CallSession | null>(null);
  const [status, setStatus] = useState('idle');
  const where = `${session.label} · call`;

  useEffect(() => {
    let calls: CallClient | null = null;
    let gone = false;
    void import('../webrtc/browser').then(
      ({ createCallClient }) => {
        if (gone) return;
        calls = createCallClient({
          carrier: moduleCarrier(session.chat),
          userId: session.me,
          iceServers: [],
        });
        calls.on('call', ({ session: incoming, userId }) => {
          recorder.note(where, `incoming call from ${userId} (session ${incoming.id})`);
          setRinging(incoming);
        });
        calls.on('accept', ({ userId }) => setStatus(`accepted by ${userId}`));
        calls.on('reject', ({ userId }) => setStatus(`rejected by ${userId}`));
        calls.on('stop', ({ userId }) => setStatus(`hung up by ${userId}`));
        calls.on('connectionState', ({ userId, state }) => {
          recorder.note(where, `connection with ${userId}: ${state}`);
          if (state === 2) setStatus('connected');
        });
        calls.on('remoteStream', ({ userId }) => recorder.note(where, `remote media from ${userId}`));
        calls.on('sessionClose', ({ session: closed }) => {
          recorder.note(where, `session ${closed.id} closed`);
          setCall((current) => (current?.id === closed.id ? null : current));
          setRinging((current) => (current?.id === closed.id ? null : current));
        });
        calls.on('error', ({ error }) => recorder.note(where, 'call error', error.message));
        setClient(calls);
      },
      (error: unknown) => recorder.note(where, 'The call client did not load', (error as Error).message),
    );
    return () => {
      gone = true;
      calls?.dispose();
    };
  }, [session, where]);

  const media = (video: boolean) => navigator.mediaDevices.getUserMedia({ audio: true, video });

  const place = async (type: CallType) => {
    if (!client) return;
    try {
      const created = client.createSession([Number(peer)], type);
      setCall(created);
      setStatus('dialing');
      await created.call(await media(type === VIDEO), { name: session.label });
    } catch (error) {
      setStatus((error as Error).message);
      recorder.note(where, 'call failed', (error as Error).message);
    }
  };
  const answer = async () => {
    if (!ringing) return;
    try {
      await ringing.accept(await media(ringing.callType === VIDEO));
      setCall(ringing);
      setRinging(null);
      setStatus('accepted');
    } catch (error) {
      setStatus((error as Error).message);
    }
  };

  return (
    <div>
      <h3>Calls</h3>
      {!client && <p className="hint">Loading the call client…</p>}
      <div className="row">
        <button type="button" disabled={!client || !peer || !!call} onClick={() => void place(AUDIO)}>
          Audio call
        </button>
        <button type="button" disabled={!client || !peer || !!call} onClick={() => void place(VIDEO)}>
          Video call
        </button>
        <button type="button" disabled={!call} onClick={() => call?.stop()}>
          Hang up
        </button>
      </div>
      {ringing && (
        <div className="row" role="alert">
          Incoming {ringing.callType === VIDEO ? 'video' : 'audio'} call from {ringing.initiatorId}
          <button type="button" onClick={() => void answer()}>
            Answer
          </button>
          <button type="button" onClick={() => ringing.reject()}>
            Decline
          </button>
        </div>
      )}
      <p>
        Call: <strong data-testid="call-status">{status}</strong>
      </p>
    </div>
  );
}
