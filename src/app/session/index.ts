/** The signed-in session below the API layer: token and login info (spec §3 storage names). */
export {
  session,
  startSession,
  endSession,
  canEnterPortal,
  updateUserInfo,
  setAgreementProtocol,
  onSessionEnd,
  ADVISOR_VERSION,
  type SessionState,
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
  drafts,
  openDrafts,
  closeDrafts,
  keepDraft,
  dropDraft,
  flushDrafts,
  storedDrafts,
  deleteDrafts,
  useRestoredDraft,
  type Draft,
  type DraftKind,
} from './drafts';
export { rememberReturnPath, takeReturnPath } from '../storage/return-path';
export { signedInAt } from '../storage/activity-storage';
