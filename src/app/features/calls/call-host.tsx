/**
 * The call screens, loaded lazily by the signed-in shell once the portal runtime holds its call
 * controller (layouts/call-host-loader.tsx; the runtime makes it on the first ring or request and
 * starts it on the running chat, docs/calls.md "Call screens"): the incoming overlay, the call
 * window, the widget, the questions, and the pre-call check before a first call, all reading the
 * runtime's controller. A call asked for is placed here, on the chat the controller listens on.
 * Changing route minimises the call (spec §4).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCallBridge, type CallRequest, type ChatRuntime } from '../../connections';
import type { CallController } from './call-controller';
import { preCallChecked } from './call-devices';
import { CallDialogs } from './call-dialogs';
import { isLive } from './call-screen-state';
import { CallWidget } from './call-widget';
import { CallWindow } from './call-window';
import { CallsContext } from './calls-context';
import { IncomingOverlay } from './incoming-overlay';
import { PreCallDialog } from './pre-call-dialog';

export interface CallHostProps {
  /** The portal runtime's call controller. */
  calls: CallController;
  /** The running chat the controller listens on; null while none runs. */
  chat: ChatRuntime | null;
}

export default function CallHost({ calls, chat: runtime }: CallHostProps) {
  const { request, bridge } = useCallBridge();
  const { pathname } = useLocation();
  const [checking, setChecking] = useState<CallRequest | null>(null);
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (!runtime || !request) return;
    const taken = bridge.take();
    if (!taken) return;
    if (preCallChecked()) void calls.dial(runtime, taken);
    else setChecking(taken);
  }, [runtime, request, bridge, calls]);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const { screen } = calls.store.state;
    if (isLive(screen) && screen !== 'ringing') calls.store.setMinimised(true);
  }, [pathname, calls]);

  return (
    <CallsContext.Provider value={calls}>
      <IncomingOverlay />
      <CallWindow />
      <CallWidget />
      <CallDialogs />
      {checking && (
        <PreCallDialog
          onDone={(go) => {
            setChecking(null);
            if (go && runtime) void calls.dial(runtime, checking);
          }}
        />
      )}
    </CallsContext.Provider>
  );
}
