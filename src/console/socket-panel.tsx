/**
 * The app socket as a provider (docs/console.md, docs/wire/app-socket.md): connects with the
 * portal's session token of this browser (or a pasted one) and sends a chat-private frame built
 * from a form over `UserChat` of proto/messages.proto — the fields a client sets.
 */
import { useState, type FormEvent } from 'react';
import { createAppSocket, type AppSocket } from '../socket';
import { providerToken } from './chat-session';
import { recorder } from './recorder';

const LABEL = 'provider · socket';

function recordedWebSocket(url: string): WebSocket {
  const socket = new WebSocket(url, ['v12.stomp']);
  socket.binaryType = 'arraybuffer';
  const send = socket.send.bind(socket);
  socket.send = (data) => {
    if (typeof data === 'string' || data instanceof ArrayBuffer || data instanceof Uint8Array)
      recorder.stomp(LABEL, 'out', data);
    send(data);
  };
  socket.addEventListener('message', (event: MessageEvent<string | ArrayBuffer>) =>
    recorder.stomp(LABEL, 'in', event.data),
  );
  return socket;
}

export function SocketPanel() {
  const [token, setToken] = useState('');
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [state, setState] = useState('closed');
  const [receiver, setReceiver] = useState('');
  const [clientMsgId, setClientMsgId] = useState<string>(() => crypto.randomUUID());
  const [text, setText] = useState('');

  const connect = () => {
    const authToken = token || providerToken();
    if (!authToken) {
      recorder.note(LABEL, 'No token: sign in to the portal in this browser or paste one');
      return;
    }
    const { protocol, host } = window.location;
    const created = createAppSocket({
      url: `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/socket`,
      token: authToken,
      webSocketFactory: recordedWebSocket,
    });
    created.on('state', ({ state: next, reason }) => {
      setState(next);
      recorder.note(LABEL, `state ${next}${reason ? ` (${reason})` : ''}`);
    });
    created.start();
    setSocket(created);
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    socket?.sendChat({
      clientMsgId,
      clientTime: Date.now(),
      receiverChatId: Number(receiver),
      items: [{ text: { text } }],
    });
    setClientMsgId(crypto.randomUUID());
  };
  return (
    <section className="panel" aria-label="App socket">
      <h2>App socket as a provider</h2>
      {socket ? (
        <>
          <p>
            State <strong data-testid="socket-state">{state}</strong>{' '}
            <button
              type="button"
              onClick={() => {
                void socket.stop();
                setSocket(null);
                setState('closed');
              }}
            >
              Close
            </button>
          </p>
          <form onSubmit={send} className="grid">
            <label>
              client_msg_id <input value={clientMsgId} onChange={(e) => setClientMsgId(e.target.value)} />
            </label>
            <label>
              receiver_chat_id{' '}
              <input value={receiver} onChange={(e) => setReceiver(e.target.value)} inputMode="numeric" />
            </label>
            <label>
              items[0].text <input value={text} onChange={(e) => setText(e.target.value)} />
            </label>
            <button disabled={!receiver || !text || state !== 'connected'}>Send chat-private frame</button>
          </form>
        </>
      ) : (
        <div className="row">
          <input
            aria-label="Portal token"
            placeholder="portal token (default: this browser's)"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
          <button type="button" onClick={connect}>
            Connect the app socket
          </button>
        </div>
      )}
    </section>
  );
}
