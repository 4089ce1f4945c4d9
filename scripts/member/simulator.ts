/**
 * The member simulator: logs a member persona in the way the vendor's app does (chat-service
 * session with the persona's chatLogin/chatPassword, then XMPP with the session token as password;
 * docs/wire/hosted-chat.md §3.1, §12) on our own stack in Node, and answers every message: delivered
 * (sent by the stack for markable messages, spec §5) and read markers (§14.4), typing (§14.5),
 * then "Echo: <text>" with save_to_history and the same dialog_id (§14.2). It accepts contact
 * requests (§16) and joins its group dialogs' rooms (§17). It meets calls as the command line says
 * (./calls.ts, issue 13). Everything it does is printed.
 */
import { writeFileSync } from 'node:fs';
import { member } from '../../fixtures';
import { ChatServiceError, createChatService, createSessionRenewer } from '../../src/rest';
import { createRecorder } from '../../src/trace';
import { createChatClient, type ChatMessage } from '../../src/xmpp';
import { startMemberCalls } from './calls';
import type { MemberOptions } from './options';

export const ECHO_PREFIX = 'Echo: ';

export interface MemberSimulator {
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}…` : text);

export async function startMemberSimulator(
  options: MemberOptions,
  log: (line: string) => void = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`),
): Promise<MemberSimulator> {
  const persona = member(options.persona);
  // docs/console.md "Trace files": the same recorder as the console's, written out for it to open.
  const recorder = options.trace ? createRecorder() : null;
  const who = `member ${persona.chatLogin}`;
  const saveTrace = () => {
    if (recorder && options.trace) writeFileSync(options.trace, recorder.toJSON());
  };
  const traceTimer = recorder ? setInterval(saveTrace, 5_000).unref() : null;
  const credentials = { login: persona.chatLogin, password: persona.chatPassword };
  // §2.6: an expired session is renewed once for every request that met it, then each is sent again.
  const renewer = createSessionRenewer({
    renew: () => service.client.createSession(credentials),
    onFailure: (error) => log(`Chat-service session could not be renewed: ${(error as Error).message}`),
  });
  const service = createChatService({
    apiUrl: `${options.baseUrl}/qb`,
    ...options.app,
    onSessionExpired: renewer.onSessionExpired,
    ...(recorder ? { fetch: recorder.fetch(`${who} · chat-service`, 'chat-service') } : {}),
  });
  try {
    await service.client.createSession(credentials);
  } catch (error) {
    const reason =
      error instanceof ChatServiceError
        ? `${error.message}${error.code ? ` (${error.code})` : ''} ${JSON.stringify(error.detail ?? error.body)}`
        : (error as Error).message;
    throw new Error(`No chat-service session at ${options.baseUrl}/qb for ${persona.chatLogin}: ${reason}`, {
      cause: error,
    });
  }
  log(`Chat-service session opened for ${persona.chatLogin}`);
  const settings = await service.accountSettings();
  const chat = createChatClient({
    service: settings.websocket_endpoint ?? `${options.baseUrl.replace(/^http/, 'ws')}/xmpp-websocket`,
    domain: settings.chat_endpoint,
    appId: options.app.appId,
    resource: `member-simulator-${process.pid}`,
    isSessionExpired: () => service.client.expiry.isExpired(),
  });
  recorder?.attachChat(`${who} · chat`, chat);
  const me = persona.chatId;
  let stopping = false;
  // One answer at a time, in arrival order.
  let queue: Promise<void> = Promise.resolve();

  async function answer(message: ChatMessage): Promise<void> {
    const from = message.userId!;
    const dialogId = message.dialogId;
    const to = message.type === 'groupchat' ? message.from.split('/')[0]! : from;
    const attachments = message.extension?.attachments ?? [];
    await sleep(250);
    if (message.type === 'chat') {
      chat.sendReadStatus({ messageId: message.id, userId: from, dialogId });
      log(`→ read marker for ${message.id}`);
    }
    const text = message.body ?? '';
    if (text.startsWith(ECHO_PREFIX) || !options.echo) return;
    chat.sendIsTypingStatus(to);
    log(`→ typing to ${message.type === 'chat' ? from : to}`);
    await sleep(options.typingMs);
    chat.sendIsStopTypingStatus(to);
    const echo = `${ECHO_PREFIX}${text}`;
    const id = chat.send(to, {
      type: message.type,
      body: echo,
      markable: true,
      extension: {
        save_to_history: 1,
        ...(dialogId ? { dialog_id: dialogId } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      },
    });
    log(`→ ${quote(echo)}${attachments.length ? ` with ${attachments.length} attachment(s)` : ''} (${id})`);
  }

  chat.messages.on('message', (message) => {
    if (stopping || message.carbon || message.userId === null || message.userId === me) return;
    const attachments = message.extension?.attachments?.length ?? 0;
    log(
      `← ${message.userId} in ${message.dialogId ?? 'no dialog'}: ${quote(message.body ?? '')}${attachments ? ` + ${attachments} attachment(s)` : ''}${message.markable ? ' (delivered marker sent)' : ''}`,
    );
    queue = queue.then(() => answer(message)).catch((error: unknown) => log(`! ${(error as Error).message}`));
  });
  chat.markers.on(
    'delivered',
    (m) => !m.carbon && log(`← delivered marker from ${m.userId} for ${m.messageId}`),
  );
  chat.markers.on('read', (m) => !m.carbon && log(`← read marker from ${m.userId} for ${m.messageId}`));
  chat.messages.on('error', (e) => log(`! message ${e.id} bounced: ${e.error.condition ?? e.error.message}`));
  chat.roster.on('subscribe', ({ userId }) => {
    if (stopping) return;
    chat.roster.confirm(userId);
    log(`← contact request from ${userId}: accepted`);
  });
  chat.session.on('disconnected', (info) =>
    log(
      `! disconnected${info.willReconnect ? ', reconnecting' : ''}${info.condition ? ` (${info.condition})` : ''}`,
    ),
  );
  chat.on('reconnect', () => log('Reconnected'));
  chat.session.on('resumed', () => log('Stream resumed'));
  chat.on('error', (error) => log(`! ${error.message}`));

  await chat.connect({ userId: me, token: service.client.token! });
  const groups = await service.dialogs.list({ type: 2, limit: 100 });
  for (const dialog of groups.items) {
    await chat.muc.join(dialog._id);
    log(`Joined the room of "${dialog.name}"`);
  }
  const calls = startMemberCalls({
    chat,
    service,
    userId: me,
    iceServers: settings.ice_servers ?? [],
    behaviour: options.calls,
    log,
  });
  log(`Online as ${persona.name} (chat id ${me}) at ${options.baseUrl}. Ctrl-C to stop.`);
  if (options.calls.call) await calls.placeCall(options.calls.call, options.calls.audio);

  return {
    async stop() {
      stopping = true;
      try {
        calls.stop();
        await chat.disconnect();
        try {
          await service.client.destroySession();
        } catch (error) {
          // The server may already have ended it (e.g. it is shutting down); nothing else to undo.
          if (!(error instanceof ChatServiceError)) throw error;
        }
      } finally {
        // The timeline is written however the sign-out went: it is what explains a failed one.
        if (traceTimer) clearInterval(traceTimer);
        saveTrace();
        if (options.trace) log(`Timeline written to ${options.trace}`);
      }
      log('Signed out of the chat. Bye.');
    },
  };
}
