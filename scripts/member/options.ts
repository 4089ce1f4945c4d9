/**
 * `npm run member -- --as <persona> [--base-url URL] [--typing-ms N] [call options]`: the command
 * line, and where the running server is (DATA_DIR/server.json, as `npm run admin` finds it) unless
 * a URL is given. The call options are issue 13's "A member who answers".
 */
import { parseArgs } from 'node:util';
import { personas } from '../../fixtures';
import { runningServerUrl } from '../admin/server-connection';
import { MAX_VIDEO_FPS, VIDEO_FPS } from './synthetic-media';

export class UsageError extends Error {}

export interface MemberOptions {
  persona: string;
  baseUrl: string;
  typingMs: number;
  /** Markers only: no typing and no "Echo: <text>" answer (call tests that must leave no unread message). */
  echo: boolean;
  /** Write the timeline of every REST call and stanza here (docs/console.md "Trace files"). */
  trace?: string;
  calls: CallBehaviour;
  app: { appId: number; authKey: string; authSecret: string; hash: 'sha1' | 'sha256' };
}

/** How the simulated member meets calls. */
export interface CallBehaviour {
  /** What an incoming call gets: answered, declined, busy (auto-reject) or left ringing. */
  incoming: 'answer' | 'reject' | 'busy' | 'no-answer';
  /** Ringing time before answering or declining. */
  answerAfterMs: number;
  /** A provider's email to call once online, or null. */
  call: string | null;
  /** That call is audio only (tone, no video). */
  audio: boolean;
  /** Frames a second of the test pattern (the bench's timed calls send faster, docs/performance.md "Calls"). */
  videoFps: number;
}

export const USAGE = [
  'Usage: npm run member -- --as <member persona> [--base-url http://127.0.0.1:8080] [--typing-ms 1500] [--trace out.json]',
  '         [--answer-after-ms 2000 | --reject | --busy | --no-answer] [--call <provider email> [--audio]]',
  '         [--video-fps 15]',
  '',
  'Logs a member persona in to the chat service (REST session, then XMPP with the session token)',
  'and answers like a member on the vendor app: delivered and read markers for every message,',
  'typing, then "Echo: <text>" saved to the same dialog (--no-echo: markers only); contact requests are accepted.',
  `Member personas: ${personas.members.map((m) => m.key).join(', ')}`,
  'Calls: answers after --answer-after-ms (default 2000) with a moving test pattern and a 440 Hz tone;',
  '--reject declines after that time, --busy rejects as a member already in a call, --no-answer lets',
  'it ring; --call places a video call (--audio: audio) to that provider. --video-fps sets the',
  "pattern's frame rate (1 to 120, default 15). Received frames and the audio level are printed every 2 s.",
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
  let values: {
    as?: string;
    'base-url'?: string;
    'typing-ms'?: string;
    'no-echo'?: boolean;
    'answer-after-ms'?: string;
    reject?: boolean;
    busy?: boolean;
    'no-answer'?: boolean;
    call?: string;
    audio?: boolean;
    'video-fps'?: string;
    trace?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        as: { type: 'string' },
        'base-url': { type: 'string' },
        'typing-ms': { type: 'string' },
        'no-echo': { type: 'boolean' },
        trace: { type: 'string' },
        'answer-after-ms': { type: 'string' },
        reject: { type: 'boolean' },
        busy: { type: 'boolean' },
        'no-answer': { type: 'boolean' },
        call: { type: 'string' },
        audio: { type: 'boolean' },
        'video-fps': { type: 'string' },
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
  const calls = callBehaviour(values);
  const baseUrl = (
    values['base-url'] ?? (await runningServerUrl(env.DATA_DIR || '.data', 'or pass --base-url'))
  ).replace(/\/+$/, '');
  return {
    persona: values.as,
    baseUrl,
    typingMs,
    echo: !values['no-echo'],
    calls,
    ...(values.trace ? { trace: values.trace } : {}),
    app: appCredentials(env),
  };
}

function callBehaviour(values: {
  'answer-after-ms'?: string;
  reject?: boolean;
  busy?: boolean;
  'no-answer'?: boolean;
  call?: string;
  audio?: boolean;
  'video-fps'?: string;
}): CallBehaviour {
  const modes = (['reject', 'busy', 'no-answer'] as const).filter((m) => values[m]);
  if (modes.length > 1)
    throw new UsageError(`Choose one of --reject, --busy, --no-answer (got ${modes.join(', ')}).`);
  const answerAfterMs = Number(values['answer-after-ms'] ?? 2000);
  if (!Number.isFinite(answerAfterMs) || answerAfterMs < 0)
    throw new UsageError('--answer-after-ms must be a number ≥ 0.');
  if (values.call !== undefined && !values.call.includes('@'))
    throw new UsageError("--call takes a provider's email address.");
  if (values.audio && values.call === undefined)
    throw new UsageError('--audio goes with --call <provider email>.');
  const videoFps = Number(values['video-fps'] ?? VIDEO_FPS);
  if (!Number.isInteger(videoFps) || videoFps < 1 || videoFps > MAX_VIDEO_FPS)
    throw new UsageError(`--video-fps must be a whole number from 1 to ${MAX_VIDEO_FPS}.`);
  return {
    incoming: modes[0] ?? 'answer',
    answerAfterMs,
    call: values.call ?? null,
    audio: Boolean(values.audio),
    videoFps,
  };
}
