/**
 * Automatic logoff in the signed-in area (docs/security.md "Automatic logoff"; HIPAA
 * §164.312(a)(2)(iii)): the provider's input in any tab of this browser keeps the session; a
 * warning (an alert dialog, focus on "Stay signed in") comes before the end; at the end the
 * portal signs out, so the server ends the session, its chat streams and app sockets.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { activityReportMs } from '../../shared/auto-logoff';
import { accountCalls } from '../api/api-client';
import { LazyDialog as Dialog } from '../components/lazy-dialog';
import { showToast } from '../components/toast-store';
import { signOut } from '../features/auth';
import { paths } from '../paths';
import { createIdleClock, warningLead, type IdleClock, type IdleState } from '../session';
import { activityShare, autoLogoffSeconds } from '../storage/activity-storage';

/**
 * Tells the server of the provider's activity, at most once per period (it ends a session
 * without it, docs/security.md "Automatic logoff"); a lost report is only retried by more activity.
 */
function activityReporter(seconds: number) {
  const every = activityReportMs(seconds);
  let reported = 0;
  return (force = false) => {
    const now = Date.now();
    if (!force && now - reported < every) return;
    reported = now;
    void accountCalls.reportActivity({ quiet: true }).catch(() => undefined);
  };
}

/** What counts as the provider's activity; merely looking at the page does not. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export function IdleLogoff() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clock = useRef<IdleClock | null>(null);
  const report = useRef<(force?: boolean) => void>(() => undefined);
  const [state, setState] = useState<IdleState>('active');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const seconds = autoLogoffSeconds();
  const minutes = Math.max(1, Math.round(seconds / 60));

  useEffect(() => {
    const logoffMs = seconds * 1000;
    const idle = createIdleClock({
      logoffMs,
      warnMs: warningLead(logoffMs),
      now: () => Date.now(),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      share: activityShare,
      onChange: setState,
    });
    clock.current = idle;
    report.current = activityReporter(seconds);
    setState(idle.state);
    const onActivity = () => {
      idle.activity();
      if (idle.state === 'active') report.current();
    };
    const onVisible = () => idle.check();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      document.removeEventListener('visibilitychange', onVisible);
      idle.stop();
      clock.current = null;
    };
  }, [seconds]);

  useEffect(() => {
    if (state !== 'warning') return;
    const tick = () =>
      setSecondsLeft(Math.max(0, Math.ceil(((clock.current?.endsAt ?? 0) - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [state]);

  useEffect(() => {
    if (state !== 'ended') return;
    void signOut().then(() => {
      showToast(t('idleLogoff.signedOut', { minutes }), 'info', 60_000);
      navigate(paths.login, { replace: true });
    });
  }, [state, t, minutes, navigate]);

  const stay = () => {
    clock.current?.staySignedIn();
    report.current(true);
  };
  return (
    <Dialog
      open={state === 'warning'}
      title={t('idleLogoff.title')}
      onCancel={stay}
      onDone={stay}
      doneLabel={t('idleLogoff.stay')}
      hideCancel
      focusDone
    >
      <div role="alert">
        <p>{t('idleLogoff.body', { minutes })}</p>
      </div>
      <p className="mt-3 font-medium tabular-nums" aria-hidden data-testid="idle-countdown">
        {t('idleLogoff.countdown', { seconds: secondsLeft })}
      </p>
    </Dialog>
  );
}
