/**
 * The app socket as a provider (docs/console.md, docs/wire/app-socket.md): connects with the
 * portal's session token of this browser (or a pasted one) and sends a chat-private frame built
 * from a form generated from `UserChat` of proto/messages.proto by reflection (schema-form.ts),
 * checked before it is sent.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { createAppSocket, type AppSocket } from '../socket';
import { providerToken } from './chat-session';
import { appSocketRoot } from './proto-schema';
import { recorder } from './recorder';
import { emptyValues, formModel, readForm, type FormValues } from './schema-form';
import { SchemaFields } from './schema-form-view';

const LABEL = 'provider · socket';

/** What a chat-private frame needs beyond the schema (docs/wire/app-socket.md). */
function chatProblems(message: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (!message.clientMsgId) problems.push('client_msg_id: required');
  if (!message.receiverChatId) problems.push('receiver_chat_id: required');
  if (!Array.isArray(message.items) || message.items.length === 0) problems.push('items: at least one');
  return problems;
}

function freshValues(model: ReturnType<typeof formModel>): FormValues {
  return { ...emptyValues(model), clientMsgId: crypto.randomUUID() };
}

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
  const schema = useMemo(() => {
    const type = appSocketRoot().lookupType('appsocket.UserChat');
    return { model: formModel(type) };
  }, []);
  const [values, setValues] = useState<FormValues>(() => freshValues(schema.model));
  const [problems, setProblems] = useState<string[]>([]);

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
    const read = readForm(schema.model, values);
    const found = [...read.problems, ...chatProblems(read.message)];
    setProblems(found);
    if (found.length > 0 || !socket) return;
    socket.sendChat({ clientTime: Date.now(), ...read.message });
    setValues({ ...values, clientMsgId: crypto.randomUUID() });
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
            <SchemaFields model={schema.model} values={values} onChange={setValues} />
            {problems.length > 0 && (
              <ul role="alert" aria-label="Frame problems">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            <button disabled={state !== 'connected'}>Send chat-private frame</button>
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
