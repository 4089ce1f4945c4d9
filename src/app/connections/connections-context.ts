/** The context the signed-in shell's portal runtime is read through (portal-runtime.ts). */
import { requiredContext } from '../components/required-context';
import type { PortalRuntime } from './portal-runtime';

const runtime = requiredContext<PortalRuntime>(
  'The portal runtime is read inside the signed-in shell (ConnectionsProvider)',
);
export const PortalRuntimeContext = runtime.Context;
export const usePortalRuntime = runtime.use;
