/**
 * How the call screens reach their controller (call-controller.ts): the call host makes one and
 * provides it; a component test provides its own over a scripted call client.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { requiredContext } from '../../components/required-context';
import type { CallController } from './call-controller';
import type { CallState } from './call-store';

const calls = requiredContext<CallController>(
  'The call screens are rendered inside the call host (CallsContext)',
);
export const CallsContext = calls.Context;
export const useCalls = calls.use;

/** The call screens' state, re-rendering on what the component reads. */
export function useCallState(): Readonly<CallState> {
  return useSnapshot(useCalls().store.state) as Readonly<CallState>;
}

/** A stream the controller reads (`read`), re-read when the controller says its streams changed. */
function useCallStream(read: (calls: CallController) => MediaStream | null): MediaStream | null {
  const calls = useCalls();
  const subscribe = useCallback((changed: () => void) => calls.onStreams(changed), [calls]);
  const snapshot = useCallback(() => read(calls), [calls, read]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const remote = (calls: CallController) => calls.remoteStream();
const local = (calls: CallController) => calls.localStream();

/** The client's stream, held by the call's session (one owner), re-read when it arrives or changes. */
export const useRemoteStream = (): MediaStream | null => useCallStream(remote);

/** The provider's own stream, held by the call (one owner), re-read when the media open or end. */
export const useLocalStream = (): MediaStream | null => useCallStream(local);
