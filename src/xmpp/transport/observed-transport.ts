/**
 * The observation seam of the stream (for a protocol console): every top-level element received
 * or sent on any transport of this client is shown to the `stanza` listeners of its own emitter —
 * but only while there are any, so nothing is built or kept otherwise. Stanzas themselves are
 * untouched. Over BOSH, the HTTP requests that carry them go to `boshRequest` listeners, under the
 * same rule.
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import type { XmlElement } from '../xml/element';
import type { BoshRequestTraffic, Transport, TransportFactory } from './types';

export type TrafficDirection = 'in' | 'out';

export interface StanzaTraffic {
  direction: TrafficDirection;
  element: XmlElement;
}

/** What the stream's traffic tells its listeners (`ChatClient.traffic`): a protocol console's view. */
export interface TrafficEvents {
  /** Every top-level element received or sent on the stream, as it goes. */
  stanza: StanzaTraffic;
  /** Over BOSH, each HTTP request of the stream as it ends. */
  boshRequest: BoshRequestTraffic;
}

export interface ObservedTransport {
  /** Makes transports as the given factory does, showing their traffic to `events`' listeners. */
  factory: TransportFactory;
  readonly events: Emitter<TrafficEvents>;
}

export function observeTraffic(factory: TransportFactory): ObservedTransport {
  const events = createEmitter<TrafficEvents>();
  const listening = (event: keyof TrafficEvents) => events.listenerCount(event) > 0;
  const observeRequest = (request: BoshRequestTraffic) => events.emit('boshRequest', request);
  const observed: TransportFactory = (options, handlers) => {
    const transport: Transport = factory(options, {
      onStatus: (status, condition) => handlers.onStatus(status, condition),
      requestObserver: () => (listening('boshRequest') ? observeRequest : null),
      onElement: (element) => {
        if (listening('stanza')) events.emit('stanza', { direction: 'in', element });
        handlers.onElement(element);
      },
    });
    return {
      get kind() {
        return transport.kind;
      },
      get boundJid() {
        return transport.boundJid;
      },
      connect: (jid, password) => transport.connect(jid, password),
      bind: () => transport.bind(),
      send: (element) => {
        if (listening('stanza')) events.emit('stanza', { direction: 'out', element });
        transport.send(element);
      },
      disconnect: (reason) => transport.disconnect(reason),
      drop: () => transport.drop(),
    };
  };
  return { factory: observed, events };
}
