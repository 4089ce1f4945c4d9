/**
 * XEP-0198 Stream Management (urn:xmpp:sm:3) with resumption — on the WebSocket transport only
 * (spec §5 "Stream management is only on the WebSocket transport"). Beyond the vendor SDK
 * (wire §19, which never resumes): after a dropped socket the stream resumes and every
 * unacknowledged stanza is delivered exactly once; after a failed resumption the unacked
 * messages are salvaged for a fresh session without their stale `from` (docs/lessons.md §6–7).
 * Unacked messages are reported after the callback interval (spec §9: 30 s).
 *
 * The engine never touches a socket: it gets `sendRaw` for nonzas, a scheduler for timers, and
 * is told what was sent and received.
 */
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';
import type { XmlElement } from '../xml/element';
import { buildAnswer, buildEnable, buildRequest, buildResume } from './build';
import type { SmNonza } from './parse';

const MOD = 2 ** 32;
/** Ask for an ack at once when this many stanzas went out since the last request. */
const REQUEST_EVERY = 100;
/**
 * Otherwise ask this long after the first unasked stanza. An <r/> right behind every message
 * costs a frame each and, on a link with Nagle's algorithm, can hold the next message back
 * until the server's delayed ACK (~40 ms); acks are needed for the 30 s report and to keep the
 * resumption queue short, not at once.
 */
const REQUEST_AFTER_MS = 2_000;
/**
 * What the server sent is acknowledged this long after the first stanza not yet acknowledged
 * (XEP-0198 §4: an `<a/>` "at any time"), or at once after this many: the server never holds for
 * long what this client handled, so a tab that goes away leaves it next to nothing to pass on
 * (docs/prosody.md, mod_portal_undelivered). Prosody itself asks only every 500 stanzas.
 */
const ANSWER_AFTER_MS = 500;
const ANSWER_EVERY = 20;

export interface StreamManagementDeps {
  /** Writes a nonza to the current stream (never counted, never queued). */
  sendRaw(element: XmlElement): void;
  scheduler: Scheduler;
  /** Report a message that the server has not acked after this long (spec §9: 30 s). */
  reportAfterMs: number;
  /** A tracked message was acknowledged by the server. */
  onAcked(stanza: XmlElement): void;
  /** A tracked message was still unacknowledged after `reportAfterMs` (reported once). */
  onUnacked(stanza: XmlElement): void;
  /** The server acked more than we sent (a protocol error on its side); the count was clamped. */
  onProtocolError?(detail: string): void;
}

/** What a received nonza meant for the session. */
export type SmOutcome =
  | { kind: 'enabled'; resumable: boolean }
  | { kind: 'resumed'; resend: XmlElement[] }
  | { kind: 'resume-failed'; salvaged: XmlElement[]; condition: string | null }
  | { kind: 'enable-failed'; condition: string | null }
  | { kind: 'handled' };

interface Entry {
  stanza: XmlElement;
  sentAt: number;
  reported: boolean;
}

export interface StreamManagement {
  /** Whether `<enable/>` went out on this stream: outbound stanzas are being tracked. */
  readonly tracking: boolean;
  /** Whether `<enabled/>` came back: inbound stanzas are being counted. */
  readonly enabled: boolean;
  /** The SM-ID of the session (for `previd`). */
  readonly id: string | null;
  /** The server offered resumption for this session (its window may have run out since). */
  readonly resumable: boolean;
  /** Inbound stanzas handled (our `h`). */
  readonly inbound: number;
  /** Stanzas queued and not yet acknowledged (sent or waiting to be sent). */
  readonly unacked: number;
  /** Sends `<enable resume="true"/>`; outbound counting starts now (XEP-0198 §4). */
  enable(): void;
  /** Records a stanza written to the stream (when tracking). */
  track(stanza: XmlElement): void;
  /** Queues a stanza that could not be written because the stream is down (resent on resume). */
  hold(stanza: XmlElement): void;
  /** Counts one received stanza (when enabled); it is acknowledged soon after. */
  countInbound(): void;
  /** Acknowledges every stanza handled so far, now (XEP-0198 §4), e.g. before the page goes away. */
  acknowledge(): void;
  /** Handles a received nonza. */
  handle(nonza: SmNonza): SmOutcome;
  /** Whether a `<resume/>` may be tried now (a resumable session within the server's window). */
  canResume(): boolean;
  /** The `<resume/>` to send, or null (and marks a resumption as pending). */
  resumeElement(): XmlElement | null;
  /** The stream is gone without a clean close: stop counting, keep the session resumable. */
  streamLost(): void;
  /**
   * Gives up a session that can no longer be resumed (e.g. its window passed): returns the
   * unacked messages without `from`, for a fresh session, and resets.
   */
  abandon(): XmlElement[];
  /** Forget everything (clean close, deliberate sign-out, BOSH). */
  reset(): void;
}

export function createStreamManagement(deps: StreamManagementDeps): StreamManagement {
  const { scheduler } = deps;
  let tracking = false;
  let enabled = false;
  let id: string | null = null;
  let resumable = false;
  let maxSeconds: number | null = null;
  let lostAt: number | null = null;
  let resumePending = false;
  let inbound = 0;
  /** The inbound count the server was last told (our last `<a h/>` or `<resume h/>`). */
  let answered = 0;
  let acked = 0;
  /** Entries [0, sent − acked) were written to the stream; the rest are held. */
  let sentUnacked = 0;
  let sinceRequest = 0;
  let queue: Entry[] = [];
  let requestTimer: TimerHandle | null = null;
  let reportTimer: TimerHandle | null = null;
  let answerTimer: TimerHandle | null = null;

  const isReportable = (stanza: XmlElement) =>
    stanza.name === 'message' &&
    (stanza.attrs.type === 'chat' || stanza.attrs.type === 'groupchat') &&
    (stanza.child('body') !== undefined || stanza.child('extraParams')?.child('attachment') !== undefined);

  function requestAck(): void {
    if (requestTimer !== null) scheduler.clearTimeout(requestTimer);
    requestTimer = null;
    sinceRequest = 0;
    if (enabled) deps.sendRaw(buildRequest());
  }

  /** XEP-0198 §4: `<a h/>` with every stanza handled so far. */
  function answer(): void {
    if (answerTimer !== null) scheduler.clearTimeout(answerTimer);
    answerTimer = null;
    if (!enabled) return;
    answered = inbound;
    deps.sendRaw(buildAnswer(inbound));
  }

  function scheduleRequest(): void {
    if (++sinceRequest >= REQUEST_EVERY) return requestAck();
    requestTimer ??= scheduler.setTimeout(requestAck, REQUEST_AFTER_MS);
  }

  function scheduleReport(): void {
    if (reportTimer !== null) return;
    const oldest = queue.find((e) => !e.reported && isReportable(e.stanza));
    if (!oldest) return;
    const delay = Math.max(0, oldest.sentAt + deps.reportAfterMs - scheduler.now());
    reportTimer = scheduler.setTimeout(() => {
      reportTimer = null;
      const now = scheduler.now();
      for (const entry of queue) {
        if (!entry.reported && isReportable(entry.stanza) && entry.sentAt + deps.reportAfterMs <= now) {
          entry.reported = true;
          deps.onUnacked(entry.stanza);
        }
      }
      scheduleReport();
    }, delay);
  }

  function ack(h: number): void {
    let count = (h - acked + MOD) % MOD;
    if (count > sentUnacked) {
      deps.onProtocolError?.(`Server acknowledged ${count} stanzas but only ${sentUnacked} were unacked`);
      count = sentUnacked;
    }
    const done = queue.splice(0, count);
    sentUnacked -= count;
    acked = h;
    for (const entry of done) if (isReportable(entry.stanza)) deps.onAcked(entry.stanza);
  }

  function canResume(): boolean {
    if (!resumable || id === null) return false;
    if (lostAt === null || maxSeconds === null) return true;
    return scheduler.now() - lostAt < maxSeconds * 1000;
  }

  function clearTimers(): void {
    if (requestTimer !== null) scheduler.clearTimeout(requestTimer);
    if (reportTimer !== null) scheduler.clearTimeout(reportTimer);
    if (answerTimer !== null) scheduler.clearTimeout(answerTimer);
    requestTimer = reportTimer = answerTimer = null;
  }

  /** docs/lessons.md §7: a fresh session has a new full JID, so re-sent messages lose their stale `from`. */
  function abandon(): XmlElement[] {
    const salvaged = queue
      .filter((e) => e.stanza.name === 'message')
      .map((e) => e.stanza.clone({ from: null }));
    reset();
    return salvaged;
  }

  function reset(): void {
    clearTimers();
    tracking = enabled = resumable = resumePending = false;
    id = null;
    maxSeconds = lostAt = null;
    inbound = answered = acked = sentUnacked = sinceRequest = 0;
    queue = [];
  }

  return {
    get tracking() {
      return tracking;
    },
    get enabled() {
      return enabled;
    },
    get id() {
      return id;
    },
    get resumable() {
      return resumable && id !== null;
    },
    get inbound() {
      return inbound;
    },
    get unacked() {
      return queue.length;
    },
    enable() {
      tracking = true;
      acked = sentUnacked = sinceRequest = 0;
      deps.sendRaw(buildEnable(true));
    },
    track(stanza) {
      if (!tracking) return;
      queue.splice(sentUnacked, 0, { stanza, sentAt: scheduler.now(), reported: false });
      sentUnacked++;
      scheduleRequest();
      scheduleReport();
    },
    hold(stanza) {
      queue.push({ stanza, sentAt: scheduler.now(), reported: false });
      scheduleReport();
    },
    countInbound() {
      if (!enabled) return;
      inbound = (inbound + 1) % MOD;
      if ((inbound - answered + MOD) % MOD >= ANSWER_EVERY) return answer();
      answerTimer ??= scheduler.setTimeout(answer, ANSWER_AFTER_MS);
    },
    acknowledge() {
      if (enabled && inbound !== answered) answer();
    },
    handle(nonza) {
      switch (nonza.kind) {
        case 'enabled':
          // XEP-0198 §4: the inbound counter starts at zero on <enabled/>.
          enabled = true;
          id = nonza.id;
          resumable = nonza.resume && nonza.id !== null;
          maxSeconds = nonza.max;
          inbound = answered = 0;
          return { kind: 'enabled', resumable };
        case 'r':
          // XEP-0198 §4: "MUST acknowledge it by sending an <a/> element".
          answer();
          return { kind: 'handled' };
        case 'a':
          ack(nonza.h);
          scheduleReport();
          return { kind: 'handled' };
        case 'resumed': {
          // XEP-0198 §5: drop what the server handled, re-send everything else, in order.
          ack(nonza.h);
          resumePending = false;
          enabled = tracking = true;
          // Our <resume h/> told the server what we had handled.
          answered = inbound;
          lostAt = null;
          const resend = queue.map((e) => e.stanza);
          queue = [];
          sentUnacked = 0;
          return { kind: 'resumed', resend };
        }
        case 'failed': {
          if (!resumePending) {
            tracking = enabled = false;
            return { kind: 'enable-failed', condition: nonza.condition };
          }
          if (nonza.h !== null) ack(nonza.h);
          return { kind: 'resume-failed', salvaged: abandon(), condition: nonza.condition };
        }
      }
    },
    canResume,
    resumeElement() {
      if (!canResume() || id === null) return null;
      resumePending = true;
      return buildResume(id, inbound);
    },
    streamLost() {
      if (requestTimer !== null) scheduler.clearTimeout(requestTimer);
      if (answerTimer !== null) scheduler.clearTimeout(answerTimer);
      requestTimer = answerTimer = null;
      enabled = false;
      lostAt ??= scheduler.now();
      // Sent-but-unacked entries stay first in the queue; resumption settles them.
    },
    abandon,
    reset,
  };
}
