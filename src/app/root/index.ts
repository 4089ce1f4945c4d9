/** The portal root (docs/architecture.md §3 "The portal root"): made by main.tsx, read through its context. */
export { createPortalRoot, type PortalRoot, type PortalRootOptions } from './portal-root';
export {
  PortalRootContext,
  useDrafts,
  usePortalApi,
  usePortalRoot,
  useSession,
  useTimeZone,
  useToasts,
} from './root-context';
