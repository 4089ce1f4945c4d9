/**
 * The shared connection's observed events (docs/architecture.md §3 "One chat connection per
 * browser"): the traffic (stanzas, BOSH requests) is relayed to a tab only while someone there
 * listens, because it is every stanza of the stream. The tab's listening side says when an event
 * gains its first listener or loses its last; a holder's watch relays its real client's events
 * for as long as they are wanted.
 */
import { type Emitter, type EventSource } from '../../shared/emitter';
import type { ChatClient } from '../client-types';
import type { TrafficEvents } from '../transport/observed-transport';
import type { ObservedEvent } from './protocol';

/** Whether anyone in this tab listens to `event`. */
export const listensTo = (emitter: Emitter<TrafficEvents>, event: ObservedEvent): boolean =>
  emitter.listenerCount(event) > 0;

/**
 * The tab's `traffic`: listeners go on `emitter`; `changed` hears when an event gains its first
 * listener (`true`) or loses its last (`false`).
 */
export function observedTraffic(
  emitter: Emitter<TrafficEvents>,
  changed: (event: ObservedEvent, on: boolean) => void,
): EventSource<TrafficEvents> {
  const after = (event: ObservedEvent, before: boolean) => {
    const now = listensTo(emitter, event);
    if (now !== before) changed(event, now);
  };
  const traffic: EventSource<TrafficEvents> = {
    on(event, listener) {
      const before = listensTo(emitter, event);
      const off = emitter.on(event, listener);
      after(event, before);
      return () => {
        const had = listensTo(emitter, event);
        off();
        after(event, had);
      };
    },
    off(event, listener) {
      const had = listensTo(emitter, event);
      emitter.off(event, listener);
      after(event, had);
    },
    once(event, listener) {
      const off = traffic.on(event, (payload) => {
        off();
        listener(payload);
      });
      return off;
    },
  };
  return traffic;
}

/** A holder's relay of its real client's observed events onto the tab's emitter. */
export interface HeldTraffic {
  /** Starts (`true`) or stops relaying `event`; asking twice for the same is harmless. */
  watch(event: ObservedEvent, on: boolean): void;
  /** Stops every relay. */
  stop(): void;
}

export function heldTraffic(
  client: Pick<ChatClient, 'traffic'>,
  emitter: Emitter<TrafficEvents>,
): HeldTraffic {
  const relays = new Map<ObservedEvent, () => void>();
  return {
    watch(event, on) {
      if (on && !relays.has(event))
        relays.set(
          event,
          client.traffic.on(event, (payload) => emitter.emit(event, payload)),
        );
      if (!on) {
        relays.get(event)?.();
        relays.delete(event);
      }
    },
    stop() {
      for (const off of relays.values()) off();
      relays.clear();
    },
  };
}
