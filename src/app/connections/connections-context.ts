/** The context the signed-in shell's portal runtime is read through (portal-runtime.ts). */
import { createContext, useContext } from 'react';
import type { PortalRuntime } from './portal-runtime';

export const PortalRuntimeContext = createContext<PortalRuntime | null>(null);

export function usePortalRuntime(): PortalRuntime {
  const runtime = useContext(PortalRuntimeContext);
  if (!runtime)
    throw new Error('The portal runtime is read inside the signed-in shell (ConnectionsProvider)');
  return runtime;
}
