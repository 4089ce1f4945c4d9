/**
 * Prosody's admin socket, the protocol `prosodyctl shell` speaks (docs/prosody.md
 * "Creating users"): a stream of `<repl-input>` commands answered by `<repl-result>`.
 */
import net from 'node:net';

const STREAM_OPEN =
  "<?xml version='1.0'?><stream:stream xmlns:stream='http://etherx.jabber.org/streams' xmlns='xmpp:prosody.im/admin'>";

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export interface AdminResult {
  ok: boolean;
  result: string;
  output: string[];
}

/** Runs one admin command; rejects if the socket is absent or no answer comes in time. */
export function runAdminCommand(socketPath: string, command: string, timeoutMs = 5000): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let buffer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`Prosody admin socket did not answer "${command}" within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${STREAM_OPEN}<repl-input>${escapeXml(command)}</repl-input>`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const match = /<repl-result(?:\s+type=['"](\w+)['"])?\s*(?:\/>|>([\s\S]*?)<\/repl-result>)/.exec(
        buffer,
      );
      if (!match) return;
      clearTimeout(timer);
      const output = [...buffer.matchAll(/<repl-output>([\s\S]*?)<\/repl-output>/g)].map((m) =>
        unescapeXml(m[1] ?? ''),
      );
      socket.end('</stream:stream>');
      resolve({ ok: match[1] !== 'error', result: unescapeXml(match[2] ?? ''), output });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const SAFE_JID = /^[a-z0-9._@/-]+$/i;

/** Closes every c2s session of a (bare or full) JID with a stream error. */
export async function closeChatSessions(socketPath: string, jid: string, reason: string): Promise<number> {
  if (!SAFE_JID.test(jid)) throw new Error(`Refusing to pass an unusual JID to the admin shell: ${jid}`);
  const text = reason.replace(/["\\\n]/g, ' ');
  const answer = await runAdminCommand(socketPath, `c2s:close("${jid}", "${text}", "policy-violation")`);
  if (!answer.ok) throw new Error(`Prosody refused to close sessions of ${jid}: ${answer.result}`);
  return Number(/Total: (\d+)/.exec(answer.result)?.[1] ?? 0);
}
