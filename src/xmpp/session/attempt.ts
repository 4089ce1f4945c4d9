/**
 * One try at a stream of the chat session (session.ts): the transport it opened, whether the app
 * asked for it (`connect`) or the reconnect loop did, what it must send again once bound, why it
 * failed, and its time limit: an attempt not online within `connectTimeoutMs` is dropped as a
 * `connection-timeout` and the reconnect loop tries again (spec §4). Only the session's current
 * attempt is heard; a late word from one it abandoned is ignored.
 */
import { STATUS_CONNFAIL, StreamError, type XmppError } from '../errors/errors';
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';
import type { TransportFactory, Transport, TransportStatus } from '../transport/types';
import type { XmlElement } from '../xml/element';
import type { SessionOptions } from './types';

export interface Attempt {
  readonly transport: Transport;
  /** Asked for by the app's `connect`, not by the reconnect loop. */
  readonly explicit: boolean;
  /** Messages of a stream that could not be resumed, to send once this one is bound. */
  salvaged: XmlElement[];
  error: XmppError | null;
  /** The `<resume/>` already went out behind the restart (the transport's afterAuthentication). */
  resumeSent: boolean;
  /** Ends the time limit: the attempt came online, or it is over. */
  settle(): void;
}

export interface AttemptListener {
  /** Whether `attempt` is still the session's current one. */
  isCurrent(attempt: Attempt): boolean;
  /** Whether the session is online (an attempt that made it is not timed out). */
  live(): boolean;
  onStatus(attempt: Attempt, status: TransportStatus, condition: string | null): void;
  onElement(attempt: Attempt, element: XmlElement): void;
  /** XEP-0198 §5: the `<resume/>` to send behind the restart after authentication, or null. */
  resumeRequest(): XmlElement | null;
}

export function createAttempt(
  deps: {
    transportFactory: TransportFactory;
    options: Pick<SessionOptions, 'kind' | 'service' | 'connectTimeoutMs'>;
    scheduler: Scheduler;
    explicit: boolean;
  },
  listener: AttemptListener,
): Attempt {
  const { options, scheduler } = deps;
  const transport = deps.transportFactory(
    { kind: options.kind, service: options.service },
    {
      onStatus: (status, condition) => {
        if (listener.isCurrent(current)) listener.onStatus(current, status, condition);
      },
      onElement: (element) => {
        if (listener.isCurrent(current)) listener.onElement(current, element);
      },
      afterAuthentication: () => {
        if (!listener.isCurrent(current)) return null;
        const resume = listener.resumeRequest();
        current.resumeSent = resume !== null;
        return resume;
      },
    },
  );
  let timer: TimerHandle | null = scheduler.setTimeout(() => {
    timer = null;
    if (listener.isCurrent(current) && !listener.live()) {
      current.error ??= new StreamError(STATUS_CONNFAIL, { code: 422, condition: 'connection-timeout' });
      transport.drop();
    }
  }, options.connectTimeoutMs);
  const current: Attempt = {
    transport,
    explicit: deps.explicit,
    salvaged: [],
    error: null,
    resumeSent: false,
    settle() {
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
    },
  };
  return current;
}
