/**
 * Loads the call screens when a call rings or is started (connections/calls/call-bridge.ts): the
 * calls feature, src/webrtc and simple-peer are one lazy chunk, fetched on the first ring or dial
 * of the session and kept for its rest (docs/calls.md "Call screens").
 */
import { lazy, Suspense } from 'react';
import { useCallBridge } from '../connections';

const CallHost = lazy(() => import('../features/calls/call-host'));

export function CallHostLoader() {
  const { wanted } = useCallBridge();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CallHost />
    </Suspense>
  );
}
