/**
 * `npm run member -- --as <persona> [--base-url URL] [--typing-ms N]`: the command line, and where
 * the running server is (DATA_DIR/server.json, as `npm run admin` finds it) unless a URL is given.
 */
import { parseArgs } from 'node:util';
import { personas } from '../../fixtures';
import { runningServerUrl } from '../admin/server-connection';

export class UsageError extends Error {}

export interface MemberOptions {
  persona: string;
  baseUrl: string;
  typingMs: number;
  /** Write the timeline of every REST call and stanza here (docs/console.md "Trace files"). */
  trace?: string;
  app: { appId: number; authKey: string; authSecret: string; hash: 'sha1' | 'sha256' };
}

export const USAGE = [
  'Usage: npm run member -- --as <member persona> [--base-url http://127.0.0.1:8080] [--typing-ms 1500] [--trace out.json]',
  '',
  'Logs a member persona in to the chat service (REST session, then XMPP with the session token)',
  'and answers like a member on the vendor app: delivered and read markers for every message,',
  'typing, then "Echo: <text>" saved to the same dialog; contact requests are accepted.',
  `Member personas: ${personas.members.map((m) => m.key).join(', ')}`,
  'The server is found through DATA_DIR/server.json (default .data) unless --base-url is given.',
  '--trace writes its timeline (REST calls and stanzas, secrets masked) for the protocol console at /console.',
].join('\n');

/** The app credentials of the chat service: the environment's, else the development defaults. */
function appCredentials(env: NodeJS.ProcessEnv): MemberOptions['app'] {
  return {
    appId: Number(env.CHAT_APP_ID || personas.chatApp.appId),
    authKey: env.CHAT_AUTH_KEY || personas.chatApp.authKey,
    authSecret: env.CHAT_AUTH_SECRET || personas.chatApp.authSecret,
    hash: env.CHAT_SIGNATURE_HASH === 'sha256' ? 'sha256' : 'sha1',
  };
}

/** Null when help was asked for. */
export async function readOptions(argv: string[], env: NodeJS.ProcessEnv): Promise<MemberOptions | null> {
  let values: { as?: string; 'base-url'?: string; 'typing-ms'?: string; trace?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        as: { type: 'string' },
        'base-url': { type: 'string' },
        'typing-ms': { type: 'string' },
        trace: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return null;
  if (!values.as) throw new UsageError('Which member? Pass --as <persona>.');
  if (!personas.members.some((m) => m.key === values.as))
    throw new UsageError(`No member persona "${values.as}".`);
  const typingMs = Number(values['typing-ms'] ?? 1500);
  if (!Number.isFinite(typingMs) || typingMs < 0) throw new UsageError('--typing-ms must be a number ≥ 0.');
  const baseUrl = (
    values['base-url'] ?? (await runningServerUrl(env.DATA_DIR || '.data', 'or pass --base-url'))
  ).replace(/\/+$/, '');
  return {
    persona: values.as,
    baseUrl,
    typingMs,
    ...(values.trace ? { trace: values.trace } : {}),
    app: appCredentials(env),
  };
}
