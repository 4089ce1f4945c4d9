/**
 * The observation seam of the stream (for a protocol console): every top-level element received
 * or sent on any transport of this client is shown to `observe` — but only while someone listens
 * (`listening()`), so nothing is built or kept otherwise. Stanzas themselves are untouched. Over
 * BOSH, the HTTP requests that carry them are shown to `requests`, under the same rule.
 */
import type { XmlElement } from '../xml/element';
import type { BoshRequestTraffic, Transport, TransportFactory } from './types';

export type TrafficDirection = 'in' | 'out';

export interface StanzaTraffic {
  direction: TrafficDirection;
  element: XmlElement;
}

export interface RequestObservation {
  listening(): boolean;
  observe(request: BoshRequestTraffic): void;
}

export function observedTransportFactory(
  factory: TransportFactory,
  listening: () => boolean,
  observe: (traffic: StanzaTraffic) => void,
  requests?: RequestObservation,
): TransportFactory {
  return (options, handlers) => {
    const transport: Transport = factory(options, {
      onStatus: (status, condition) => handlers.onStatus(status, condition),
      requestObserver: () => (requests?.listening() ? requests.observe : null),
      onElement: (element) => {
        if (listening()) observe({ direction: 'in', element });
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
        if (listening()) observe({ direction: 'out', element });
        transport.send(element);
      },
      disconnect: (reason) => transport.disconnect(reason),
      drop: () => transport.drop(),
    };
  };
}
