/**
 * The call screens, loaded lazily by the signed-in shell when a call rings or is asked for
 * (layouts/call-host-loader.tsx): the call controller for the running chat, made here over the
 * runtime's call bridge (its ICE servers are fetched for each call, call-ice.ts), the incoming
 * overlay, the call window, the widget, the questions, and the pre-call check before a first call.
 * Changing route minimises the call (spec §4).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCallBridge, useChat, type CallRequest } from '../../connections';
import { usePortalApi, usePortalRoot } from '../../root';
import { browserCallEffects } from './call-effects';
import { createCallController } from './call-controller';
import { preCallChecked } from './call-devices';
import { CallDialogs } from './call-dialogs';
import { isLive } from './call-screen-state';
import { CallWidget } from './call-widget';
import { CallWindow } from './call-window';
import { CallsContext } from './calls-context';
import { IncomingOverlay } from './incoming-overlay';
import { PreCallDialog } from './pre-call-dialog';

export default function CallHost() {
  const runtime = useChat();
  const { request, bridge } = useCallBridge();
  const { toasts, session } = usePortalRoot();
  const api = usePortalApi();
  const [calls] = useState(() =>
    createCallController({ bridge, effects: browserCallEffects(toasts, session, api) }),
  );
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  const [checking, setChecking] = useState<CallRequest | null>(null);
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (!runtime) return;
    const stop = calls.start(runtime);
    setReady(true);
    return () => {
      stop();
      setReady(false);
    };
  }, [calls, runtime]);

  useEffect(() => {
    if (!ready || !runtime || !request) return;
    const taken = bridge.take();
    if (!taken) return;
    if (preCallChecked()) void calls.dial(runtime, taken);
    else setChecking(taken);
  }, [ready, runtime, request, bridge, calls]);

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
