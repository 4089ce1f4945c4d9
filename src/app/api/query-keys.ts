/**
 * The roots of the portal's TanStack Query keys (docs/architecture.md §3 server state), each owned by one
 * feature: the feature builds its keys below its roots in its own queries.ts. A feature that must
 * refresh another's data (after an appointment changes, the dashboard's counts) invalidates that
 * root from here, since features never import each other (eslint.config.js portal zones).
 */
export const QUERY_ROOTS = {
  /** features/account */
  account: ['account'],
  /** features/calls: the share window's client and cycle data, ICE servers. */
  calls: ['calls'],
  /** features/chat */
  chat: ['chat'],
  /** features/consultations: appointment lists, one appointment, clients. */
  orders: ['orders'],
  order: ['order'],
  clients: ['clients'],
  /** features/dashboard: the dashboard's counts and the balance. */
  dashboard: ['dashboard'],
  balance: ['balance'],
  /** features/notifications */
  notifications: ['notifications'],
  /** features/profile: audit info, the form's options, and the provider's info the main layout shows. */
  profile: ['profile'],
  doctorInfo: ['account', 'doctorInfo'],
  /** features/questionnaire: intake questionnaires of appointments. */
  questionnaire: ['questionnaire'],
  /** features/reports: report lists, reports, their members, the editor's lists and cycle data. */
  reports: ['reports'],
  /** router: the report access check of spec §5, once per navigation to a report path. */
  reportAccess: ['report-access'],
  /** features/second-factor: the provider's passkeys, authenticator app and recovery codes. */
  secondFactor: ['second-factor'],
  /** features/schedule: availability and the calendar. */
  schedule: ['schedule'],
  calendar: ['calendar'],
} as const;
