/**
 * The portal runtime (docs/architecture.md §2, §3 "The portal runtime"): the signed-in portal's
 * composition root, above the connections and the features it joins; only the signed-in shell
 * (layouts/) makes it.
 */
export { createPortalRuntime, type PortalRuntime, type PortalRuntimeOptions } from './portal-runtime';
export type { PortalCalls, PortalCallsSnapshot } from './portal-calls';
