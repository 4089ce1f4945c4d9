/**
 * The console's seam on the app socket: the STOMP frames a WebSocket carries, in and out, are told
 * to `traffic` while someone listens; the socket itself is the browser's, untouched otherwise.
 */
import type { Traffic } from '../../api/traffic';

export function observedWebSocket(socket: WebSocket, traffic: Traffic): WebSocket {
  const send = socket.send.bind(socket);
  socket.send = (data) => {
    if (
      traffic.listening &&
      (typeof data === 'string' || data instanceof ArrayBuffer || data instanceof Blob)
    )
      traffic.publish({ channel: 'stomp', direction: 'out', frame: data });
    send(data);
  };
  socket.addEventListener('message', (event: MessageEvent<string | ArrayBuffer | Blob>) => {
    if (traffic.listening) traffic.publish({ channel: 'stomp', direction: 'in', frame: event.data });
  });
  return socket;
}
