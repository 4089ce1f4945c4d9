/**
 * The call window (spec §2): the client's video large and our own small (video calls), or the
 * client's avatar (audio calls); the status line — 'Connecting', 'Connected' with the timer, or
 * the end text of spec §8 — announced to screen readers; the controls. Escape zooms out. It takes
 * focus, on its heading, when it opens or is zoomed in. It
 * leaves the menu in reach, so another page can be opened (the call then shrinks to the widget).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_AVATAR_PATH } from '../../../shared/api/chat';
import { Button } from '../../components/button';
import { CallControls } from './call-controls';
import { statusKey } from './call-screen-state';
import { useCallState, useCalls, useLocalStream, useRemoteStream } from './calls-context';
import { AudioView, VideoView } from './media-view';
import { useCallTimer } from './use-call-timer';

export function CallWindow() {
  const { t } = useTranslation('calls');
  const calls = useCalls();
  const call = useCallState();
  const remoteStream = useRemoteStream();
  const localStream = useLocalStream();
  const time = useCallTimer(call.connectedAt);
  const shown = call.screen !== 'idle' && call.screen !== 'ringing' && !call.minimised;
  const heading = useRef<HTMLHeadingElement>(null);
  // The ring's Accept and the widget's Zoom in go with the screen that opens the window: focus comes
  // to its heading rather than falling to the document (docs/conventions.md "Accessibility").
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);
  if (!shown) return null;
  const ended = call.screen === 'ended';
  const status = statusKey(call.screen, call.endReason);
  const video = call.media === 'video';
  return (
    <section
      aria-label={t('window.label', { name: call.name })}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !ended && !call.confirm) calls.store.setMinimised(true);
      }}
      // Beside the menu (15rem, layouts/main-layout.tsx), which stays in reach: changing route minimises the call.
      className="fixed inset-0 z-50 flex flex-col bg-slate-900 text-white md:left-60"
    >
      <div className="relative flex min-h-0 flex-1 items-center justify-center">
        {video && remoteStream ? (
          <VideoView
            stream={remoteStream}
            label={t('window.remoteVideo', { name: call.name })}
            testId="remote-video"
            className="h-full w-full object-contain"
          />
        ) : (
          <div className="flex flex-col items-center gap-3">
            <img
              src={call.avatar ?? DEFAULT_AVATAR_PATH}
              alt=""
              className="h-28 w-28 rounded-full object-cover"
            />
            {!video && <AudioView stream={remoteStream} />}
          </div>
        )}
        {video && call.sharedStream ? (
          // While sharing, the own view is what the client receives (screen-share.ts).
          <VideoView
            stream={call.sharedStream as MediaStream}
            muted
            label={t('window.sharedVideo')}
            testId="own-video"
            className="absolute bottom-4 right-4 h-36 w-56 rounded-xl border border-white/30 bg-black object-contain"
          />
        ) : (
          video &&
          localStream && (
            <VideoView
              stream={localStream}
              muted
              label={t('window.ownVideo')}
              testId="own-video"
              className="absolute bottom-4 right-4 h-36 w-48 rounded-xl border border-white/30 bg-black object-cover"
            />
          )
        )}
      </div>
      <div className="flex flex-col items-center gap-3 bg-slate-950/80 p-4">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {call.name}
        </h2>
        <p role="status" aria-live="polite" className="text-sm text-slate-200">
          {status && t(status)}
          {call.screen === 'connected' && (
            <span className="ml-2 tabular-nums" role="timer" aria-live="off">
              {time}
            </span>
          )}
        </p>
        {ended ? (
          !call.askEndConsultation && (
            <Button variant="secondary" autoFocus onClick={() => calls.dismiss()}>
              {t('window.close')}
            </Button>
          )
        ) : (
          <CallControls />
        )}
      </div>
    </section>
  );
}
