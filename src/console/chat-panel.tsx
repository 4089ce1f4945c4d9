/**
 * Act as a chat user (docs/console.md): sign in as a member or as the signed-in provider, send
 * a message, or any raw stanza from an editor that checks well-formedness, with a template for
 * each feature of the stack. Answers arrive on the timeline.
 */
import { useState, type FormEvent } from 'react';
import { parseXml, xml } from '../xmpp';
import { CallPanel } from './call-panel';
import { signIn, type ConsoleChat } from './chat-session';
import { recorder } from './recorder';
import { fillTemplate, TEMPLATES, wellFormedError } from './templates';

function SignInForm({ onChat }: { onChat: (chat: ConsoleChat) => void }) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [transport, setTransport] = useState<'websocket' | 'bosh'>('websocket');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (request: Parameters<typeof signIn>[0]) => {
    setBusy(true);
    setError(null);
    try {
      onChat(await signIn(request));
    } catch (caught) {
      setError((caught as Error).message);
      recorder.note('console', 'Sign-in failed', (caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const asMember = (event: FormEvent) => {
    event.preventDefault();
    void run({ as: 'member', login, password, transport });
  };
  return (
    <div>
      <label className="row">
        Transport
        <select
          aria-label="Transport"
          value={transport}
          onChange={(e) => setTransport(e.target.value as 'websocket' | 'bosh')}
        >
          <option value="websocket">WebSocket</option>
          <option value="bosh">BOSH</option>
        </select>
      </label>
      <form onSubmit={asMember} className="row">
        <input
          aria-label="Chat login"
          placeholder="chat login"
          value={login}
          onChange={(e) => setLogin(e.target.value)}
        />
        <input
          aria-label="Chat password"
          placeholder="chat password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button disabled={busy || !login || !password}>Sign in as member</button>
      </form>
      <button type="button" disabled={busy} onClick={() => void run({ as: 'provider', transport })}>
        Sign in as the portal's provider
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}

function ChatTools({ session, onClose }: { session: ConsoleChat; onClose: () => void }) {
  const [peer, setPeer] = useState('');
  const [dialog, setDialog] = useState('');
  const [messageId, setMessageId] = useState('');
  const [text, setText] = useState('');
  const [raw, setRaw] = useState('');
  const [check, setCheck] = useState<string | null>(null);
  const values = () => ({
    peerId: peer,
    appId: session.appId,
    domain: session.domain,
    me: session.me,
    dialog,
    messageId,
    newId: session.chat.helpers.newMessageId,
  });
  const sendText = (event: FormEvent) => {
    event.preventDefault();
    const id = session.chat.send(Number(peer), {
      type: 'chat',
      body: text,
      markable: true,
      extension: { save_to_history: 1, ...(dialog ? { dialog_id: dialog } : {}) },
    });
    setMessageId(id);
    setText('');
  };
  const sendRaw = () => {
    const error = wellFormedError(raw);
    setCheck(error ?? 'Well-formed');
    if (error) return;
    try {
      const element = parseXml(raw);
      session.chat.sendStanza(
        element.attrs.xmlns
          ? element
          : xml(element.name, { ...element.attrs, xmlns: 'jabber:client' }, ...element.children),
      );
    } catch (caught) {
      setCheck((caught as Error).message);
    }
  };
  return (
    <div>
      <p>
        Signed in as <strong>{session.label}</strong> (chat id {session.me}){' '}
        <button type="button" onClick={onClose}>
          Sign out
        </button>
      </p>
      <div className="row">
        <input
          aria-label="Peer chat id"
          placeholder="peer chat id"
          value={peer}
          onChange={(e) => setPeer(e.target.value)}
        />
        <input
          aria-label="Dialog id"
          placeholder="dialog id"
          value={dialog}
          onChange={(e) => setDialog(e.target.value)}
        />
        <input
          aria-label="Message id"
          placeholder="message id (markers)"
          value={messageId}
          onChange={(e) => setMessageId(e.target.value)}
        />
      </div>
      <form onSubmit={sendText} className="row">
        <input
          aria-label="Message text"
          placeholder="message"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button disabled={!peer || !text}>Send message</button>
      </form>
      <div className="row">
        <select
          aria-label="Template"
          defaultValue=""
          onChange={(e) => {
            const template = TEMPLATES.find((t) => t.name === e.target.value);
            if (template) setRaw(fillTemplate(template.xml, values()));
            setCheck(null);
          }}
        >
          <option value="" disabled>
            Template…
          </option>
          {TEMPLATES.map((t) => (
            <option key={t.name}>{t.name}</option>
          ))}
        </select>
        <button type="button" onClick={() => setCheck(wellFormedError(raw) ?? 'Well-formed')}>
          Check
        </button>
        <button type="button" onClick={sendRaw} disabled={!raw.trim()}>
          Send stanza
        </button>
      </div>
      <textarea
        aria-label="Raw stanza"
        value={raw}
        onChange={(e) => setRaw(e.target.value)}
        rows={10}
        spellCheck={false}
      />
      {check && <p className={check === 'Well-formed' ? 'hint' : 'error'}>{check}</p>}
      <CallPanel session={session} peer={peer} />
    </div>
  );
}

export function ChatPanel({ onSession }: { onSession?: (chat: ConsoleChat | null) => void }) {
  const [session, setSession] = useState<ConsoleChat | null>(null);
  const set = (chat: ConsoleChat | null) => {
    setSession(chat);
    onSession?.(chat);
  };
  return (
    <section className="panel" aria-label="Chat user">
      <h2>Act as a chat user</h2>
      {session ? (
        <ChatTools
          session={session}
          onClose={() => {
            void session.close();
            set(null);
          }}
        />
      ) : (
        <SignInForm onChat={set} />
      )}
    </section>
  );
}
