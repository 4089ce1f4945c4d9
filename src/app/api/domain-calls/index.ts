/**
 * The signed-in area's API calls, one factory per domain over the portal root's one client
 * (api-client.ts `PortalApi`; `profileCalls(usePortalApi())`), each made once per client. Kept
 * apart so the login route does not load every domain's contract, and one module per domain so a
 * signed-in route loads only the domains it calls (docs/performance.md "Route budgets"); the
 * account's calls, which the public pages use, are imported from account.ts itself.
 */
export { callCalls } from './call';
export { chatCalls } from './chat';
export { consultationCalls } from './consultation';
export { contentCalls } from './content';
export { cycleCalls } from './cycle';
export { dashboardCalls } from './dashboard';
export { notificationCalls } from './notifications';
export { profileCalls } from './profile';
export { reportCalls } from './reports';
export { scheduleCalls } from './schedule';
export { secondFactorCalls } from './second-factor';
