/**
 * The one primitive for requests with replies (docs/conventions.md "What we do" 6; RFC 6120 §8.2.3: every
 * get/set is answered by a result or an error with the same id): requests keyed by id, each
 * with a time-out. Feature modules never hand-roll one-shot handlers.
 */
import { StanzaError, TimeoutError } from '../errors/errors';
import { parseStanzaError } from '../errors/parse';
import type { XmlElement } from '../xml/element';
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';
import { stanzaId } from '../addressing/ids';

export interface IqCaller {
  /**
   * Sends an iq get/set and resolves with the result iq, or rejects with a StanzaError (error
   * reply), a TimeoutError (no reply in time) or whatever `send` threw. An iq without id gets
   * `{uuid}:{suffix}`.
   */
  request(iq: XmlElement, options?: { timeoutMs?: number; suffix?: string }): Promise<XmlElement>;
  /** Offers a received iq; returns true if it answered a pending request. */
  handle(iq: XmlElement): boolean;
  /** Rejects every pending request (e.g. on a deliberate disconnect). */
  rejectAll(error: Error): void;
  readonly pending: number;
}

export interface IqCallerDeps {
  send(stanza: XmlElement): void;
  scheduler: Scheduler;
  timeoutMs: number;
}

export function createIqCaller({ send, scheduler, timeoutMs }: IqCallerDeps): IqCaller {
  const pending = new Map<
    string,
    { resolve(iq: XmlElement): void; reject(error: Error): void; timer: TimerHandle }
  >();

  return {
    get pending() {
      return pending.size;
    },
    request(iq, options = {}) {
      const id = iq.attrs.id ?? stanzaId(options.suffix ?? 'iq');
      iq.attrs.id = id;
      return new Promise<XmlElement>((resolve, reject) => {
        const timer = scheduler.setTimeout(() => {
          pending.delete(id);
          reject(new TimeoutError());
        }, options.timeoutMs ?? timeoutMs);
        pending.set(id, { resolve, reject, timer });
        try {
          send(iq);
        } catch (error) {
          scheduler.clearTimeout(timer);
          pending.delete(id);
          reject(error as Error);
        }
      });
    },
    handle(iq) {
      const type = iq.attrs.type;
      if (type !== 'result' && type !== 'error') return false;
      const id = iq.attrs.id;
      const entry = id === undefined ? undefined : pending.get(id);
      if (!entry) return false;
      pending.delete(id!);
      scheduler.clearTimeout(entry.timer);
      if (type === 'result') entry.resolve(iq);
      else entry.reject(parseStanzaError(iq));
      return true;
    },
    rejectAll(error) {
      for (const [id, entry] of pending) {
        scheduler.clearTimeout(entry.timer);
        pending.delete(id);
        entry.reject(error);
      }
    },
  };
}

export { StanzaError };
