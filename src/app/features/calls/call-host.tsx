/**
 * The call screens, loaded lazily by the signed-in shell when a call rings or is asked for
 * (layouts/call-host-loader.tsx): the call client for the running chat (its ICE servers are fetched
 * for each call, call-ice.ts), the incoming overlay, the call window, the widget, the questions,
 * and the pre-call check before a first call. Changing route minimises the call (spec §4).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { callBridge, takeCallRequest, useChat, type CallRequest } from '../../connections';
import { dial, startCalls } from './call-controller';
import { preCallChecked } from './call-devices';
import { CallDialogs } from './call-dialogs';
import { isLive } from './call-screen-state';
import { callStore, setMinimised } from './call-store';
import { CallWidget } from './call-widget';
import { CallWindow } from './call-window';
import { IncomingOverlay } from './incoming-overlay';
import { PreCallDialog } from './pre-call-dialog';

export default function CallHost() {
  const runtime = useChat();
  const { request } = useSnapshot(callBridge);
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  const [checking, setChecking] = useState<CallRequest | null>(null);
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (!runtime) return;
    const stop = startCalls(runtime);
    setReady(true);
    return () => {
      stop();
      setReady(false);
    };
  }, [runtime]);

  useEffect(() => {
    if (!ready || !runtime || !request) return;
    const taken = takeCallRequest();
    if (!taken) return;
    if (preCallChecked()) void dial(runtime, taken);
    else setChecking(taken);
  }, [ready, runtime, request]);

  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (isLive(callStore.screen) && callStore.screen !== 'ringing') setMinimised(true);
  }, [pathname]);

  return (
    <>
      <IncomingOverlay />
      <CallWindow />
      <CallWidget />
      <CallDialogs />
      {checking && (
        <PreCallDialog
          onDone={(go) => {
            setChecking(null);
            if (go && runtime) void dial(runtime, checking);
          }}
        />
      )}
    </>
  );
}
