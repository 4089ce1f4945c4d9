/** The dashboard feature: /Dashboard/Dashboard and /Dashboard/balance (spec §2). */
export { DashboardView } from './dashboard-view';
export { BalanceView } from './balance-view';
