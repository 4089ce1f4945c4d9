/**
 * Report access (spec §5, §6, §8): every path containing 'report' needs it. A provider without
 * it gets MEMBER_EXPERT_REPORT_NO_ACCESS, which the error catalogue passes to the caller without a
 * toast; on a report path the portal then shows 'No permission' and goes back.
 */
import i18next from 'i18next';
import { showToast } from '../components/toast-store';

export function isReportPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('report');
}

let goBack: () => void = () => window.history.back();

/** The router tells how to go back (or to the dashboard when there is nowhere to go back to). */
export function setReportExit(navigate: () => void): void {
  goBack = navigate;
}

/** Several report calls of one screen fail together: one message and one step back for all. */
const REPEAT_WINDOW_MS = 1500;
let lastRefusal = 0;

export function refuseReportPath(): void {
  const now = Date.now();
  if (now - lastRefusal < REPEAT_WINDOW_MS) return;
  lastRefusal = now;
  showToast(i18next.t('common:errors.noPermission'));
  goBack();
}
