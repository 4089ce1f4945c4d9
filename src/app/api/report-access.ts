/**
 * Report access (spec §5, §6, §8): every path containing 'report' needs it. A provider without
 * it gets MEMBER_EXPERT_REPORT_NO_ACCESS, which the error catalogue passes to the caller without a
 * toast; on a report path the portal then shows 'No permission' and goes back.
 */
import i18next from 'i18next';

export function isReportPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('report');
}

/** Several report calls of one screen fail together: one message and one step back for all. */
const REPEAT_WINDOW_MS = 1500;

/**
 * The refusal of the portal root (src/app/root): `say` shows the message, `goBack` goes back (or
 * to the dashboard when there is nowhere to go back to), `now` is the clock of the repeat window.
 */
export function createReportRefusal(
  say: (text: string) => void,
  goBack: () => void,
  now: () => number = Date.now,
): () => void {
  let lastRefusal = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - lastRefusal < REPEAT_WINDOW_MS) return;
    lastRefusal = at;
    say(i18next.t('common:errors.noPermission'));
    goBack();
  };
}
