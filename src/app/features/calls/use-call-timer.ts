/** The call timer (spec §4, §9): seconds since the connection, ticking every 1 s, as mm:ss or hh:mm:ss. */
import { useEffect, useState } from 'react';
import { CALL_TIMER_TICK_MS } from '../../../shared/constants';
import { elapsedSeconds, formatCallDuration } from './call-format';

export function useCallTimer(connectedAt: number | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (connectedAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CALL_TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [connectedAt]);
  return formatCallDuration(elapsedSeconds(connectedAt, now));
}
