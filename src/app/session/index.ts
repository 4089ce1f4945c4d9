/** The signed-in session below the API layer: token and login info (spec §3 storage names). */
export {
  createSessionStore,
  canEnterPortal,
  ADVISOR_VERSION,
  type SessionState,
  type SessionStore,
} from './session-store';
export {
  createIdleClock,
  warningLead,
  IDLE_TRANSITIONS,
  type IdleClock,
  type IdleState,
  type ActivityShare,
} from './idle-clock';
export {
  createDrafts,
  useRestoredDraft,
  type Drafts,
  type DraftsState,
  type Draft,
  type DraftKind,
} from './drafts';
export type { DraftStore } from './draft-store';
export { newTabId, rememberReturnPath, takeReturnPath } from '../storage/return-path';
export { signedInAt } from '../storage/activity-storage';
