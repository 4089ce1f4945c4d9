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
