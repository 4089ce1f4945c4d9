/** The console page's one timeline (docs/console.md) and a hook that re-renders with it. */
import { useSyncExternalStore } from 'react';
import { createRecorder, type TraceEntry } from '../trace';

export const recorder = createRecorder();

export function useEntries(): readonly TraceEntry[] {
  return useSyncExternalStore(
    (changed) => recorder.subscribe(changed),
    () => recorder.entries,
  );
}
