/**
 * Shows the call screens once the portal runtime holds its call controller (runtime/portal-calls.ts:
 * made on the first ring or dial of the session and kept for its rest). The screens are one lazy
 * chunk, fetched when the controller's code is (docs/calls.md "Call screens").
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useCallBridge } from '../connections';
import type { PortalCalls } from '../runtime';

const loadCallHost = () => import('../features/calls/call-host');
const CallHost = lazy(loadCallHost);

export function CallHostLoader({ calls }: { calls: PortalCalls }) {
  const { controller, chat } = useSyncExternalStore(calls.subscribe, calls.get, calls.get);
  const { wanted } = useCallBridge();
  // The screens' chunk is fetched beside the controller's, not after it.
  useEffect(() => {
    if (wanted) loadCallHost().catch(() => undefined);
  }, [wanted]);
  if (!controller) return null;
  return (
    <Suspense fallback={null}>
      <CallHost calls={controller} chat={chat} />
    </Suspense>
  );
}
