/** Every path of the portal (spec §2), in one place. */
export const paths = {
  login: '/login',
  signIn: '/signIn',
  toLogin: '/toLogin',
  signUp: '/toSign',
  dashboard: '/Dashboard/Dashboard',
  balance: '/Dashboard/balance',
  accountSetting: '/Dashboard/account-setting',
  clients: '/clients',
  message: '/message',
  calendar: '/calendar',
  orders: '/orders',
  orderDetail: '/orders/detail',
  reports: '/reports',
  reportDetail: '/reports/detail',
  reportReview: '/reports/review',
  dailyChart: '/reports/daily-chart',
  certification: '/profile/certification',
  certificationSuccess: '/profile/certification/success',
  profileSetting: '/profile/setting',
  notifications: '/notifications',
  settings: '/settings',
  shareScreen: '/shareScreen',
  question: '/question',
  verification: '/verification',
} as const;

/** The public routes of spec §2: the only ones reachable without a token. */
export const PUBLIC_PATHS: readonly string[] = [paths.login, paths.signIn, paths.toLogin, paths.signUp];

/** Pages where the chat connection is not used (spec §2). */
export const NO_CHAT_PATHS: readonly string[] = [paths.shareScreen, paths.question, paths.verification];

/** `/Dashboard/account-setting?tab=…&isEdit=1` (spec §2). */
export function accountSettingPath(tab: 'availability' | 'providerProfile', isEdit = false): string {
  return `${paths.accountSetting}?tab=${tab}${isEdit ? '&isEdit=1' : ''}`;
}

/** `/shareScreen?otherUserId={id}` (spec §2). */
export function shareScreenPath(otherUserId: number): string {
  return `${paths.shareScreen}?otherUserId=${otherUserId}`;
}

/** `/question?appointmentId={id}`: the intake questionnaire of an appointment (spec §2). */
export function questionPath(appointmentId: number): string {
  return `${paths.question}?appointmentId=${appointmentId}`;
}
