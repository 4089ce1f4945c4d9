/**
 * Automatic logoff in the signed-in area (docs/security.md "Automatic logoff"; HIPAA
 * §164.312(a)(2)(iii)): the provider's input in any tab of this browser keeps the session; a
 * warning (an alert dialog, focus on "Stay signed in") comes before the end and names what she
 * has not saved or sent; at the end the portal signs out, so the server ends the session, its chat
 * streams and app sockets. Nothing typed is lost: her drafts and unsent messages stay in this
 * browser, and signing in again returns her to the page she was on, where they are offered back.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { activityReportMs } from '../../shared/auto-logoff';
import type { PortalApi } from '../api/api-client';
import { accountCalls } from '../api/domain-calls/account';
import { useKeptOutbox } from '../connections';
import { LazyDialog as Dialog } from '../components/lazy-dialog';
import { useDrafts, usePortalApi, useSession, useToasts } from '../root';
import { signOut } from '../features/auth';
import { paths } from '../paths';
import {
  createIdleClock,
  newTabId,
  rememberReturnPath,
  warningLead,
  type IdleClock,
  type IdleState,
} from '../session';
import { activityShare, autoLogoffSeconds } from '../storage/activity-storage';
import { unsavedLabels, unsavedWork } from './unsaved-work';

/**
 * Tells the server of the provider's activity, at most once per period (it ends a session
 * without it, docs/security.md "Automatic logoff"); a lost report is only retried by more activity.
 */
function activityReporter(api: PortalApi, seconds: number) {
  const every = activityReportMs(seconds);
  let reported = 0;
  return (force = false) => {
    const now = Date.now();
    if (!force && now - reported < every) return;
    reported = now;
    void accountCalls(api)
      .reportActivity({ quiet: true })
      .catch(() => undefined);
  };
}

/** What counts as the provider's activity; merely looking at the page does not. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export function IdleLogoff() {
  const toasts = useToasts();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const api = usePortalApi();
  const drafts = useDrafts();
  const { userInfo } = useSnapshot(session.state);
  const [unsaved, setUnsaved] = useState<string[]>([]);
  const keptOutbox = useKeptOutbox();
  /** The provider's last input in this tab (or when it opened). */
  const usedAt = useRef(Date.now());
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
    report.current = activityReporter(api, seconds);
    setState(idle.state);
    const onActivity = () => {
      usedAt.current = Date.now();
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
  }, [api, seconds]);

  useEffect(() => {
    if (state !== 'warning') return;
    const tick = () =>
      setSecondsLeft(Math.max(0, Math.ceil(((clock.current?.endsAt ?? 0) - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [state]);

  // The warning names what is not saved yet, in any tab (it stays in this browser).
  useEffect(() => {
    if (state !== 'warning') return;
    let current = true;
    void unsavedWork(drafts, userInfo, keptOutbox).then((work) => current && setUnsaved(unsavedLabels(work)));
    return () => {
      current = false;
    };
  }, [state, drafts, userInfo, keptOutbox]);

  // The page she is on and who she is, for signing in again.
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location]);
  const owner = useRef<number | null>(null);
  useEffect(() => {
    if (userInfo) owner.current = userInfo.userId;
  }, [userInfo]);
  const [tabId] = useState(newTabId);

  // Every tab records where it was when the session ends for the time without activity: this
  // tab's logoff, another tab's, or the server's answer to one of them — whichever comes first.
  useEffect(
    () =>
      session.onEnd(() => {
        if (!clock.current?.due || owner.current === null || !here.current) return;
        rememberReturnPath(owner.current, here.current, {
          id: tabId,
          visible: document.visibilityState === 'visible',
          at: usedAt.current,
        });
      }),
    [session, tabId],
  );

  useEffect(() => {
    if (state !== 'ended') return;
    void (async () => {
      // What was typed last reaches the browser's store before the session's storage goes.
      await drafts.flush();
      // Not on purpose: signing in again returns her to the page recorded above.
      await signOut(session, api, { onPurpose: false });
      toasts.show(t('idleLogoff.signedOut', { minutes }), 'info', 60_000);
      navigate(paths.login, { replace: true });
    })();
  }, [state, t, minutes, navigate, toasts, session, api, drafts]);

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
        {unsaved.length > 0 && (
          <>
            <p className="mt-3">{t('idleLogoff.unsaved')}</p>
            <ul className="mt-1 list-disc pl-5">
              {unsaved.map((label, index) => (
                <li key={index}>{label}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <p className="mt-3 font-medium tabular-nums" aria-hidden data-testid="idle-countdown">
        {t('idleLogoff.countdown', { seconds: secondsLeft })}
      </p>
    </Dialog>
  );
}
