/**
 * The ping API, docs/wire/hosted-chat.md §15 and spec §5/§8: `ping(callback)`
 * pings the chat server, `ping(userIdOrJid, callback)` a user; any other arguments throw
 * 'Invalid arguments provided. …'; no answer within the ping time-out (1 s) calls back with
 * 'No answer'; an answer (result or error) calls back with null. Returns the ping's id. Also
 * answers pings addressed to us (XEP-0199 §4.2 "MUST … return an IQ-result").
 */
import type { Addressing } from '../addressing/jids';
import { PING_INVALID_ARGUMENTS, PING_NO_ANSWER, TimeoutError, XmppError } from '../errors/errors';
import type { IqCaller } from '../iq/caller';
import type { IqResponder } from '../iq/responder';
import { buildPing, PING_NS } from './build';

export type PingCallback = (error: XmppError | null) => void;

export interface PingApi {
  /** Pings the chat server (wire §15 `ping(cb)`). Returns the stanza id. */
  ping(callback: PingCallback): string;
  /** Pings a user by chat id or JID (wire §15 `ping(jidOrUserId, cb)`). Returns the stanza id. */
  ping(userIdOrJid: number | string, callback: PingCallback): string;
  /** Pings the server for the keep-alive: rejects with TimeoutError('Chat ping No answer'). */
  pingServer(): Promise<void>;
}

export interface PingDeps {
  iqCaller: IqCaller;
  responder: IqResponder;
  addressing: Addressing;
  timeoutMs: number;
}

export function createPing({ iqCaller, responder, addressing, timeoutMs }: PingDeps): PingApi {
  responder.on('get', 'ping', PING_NS, () => undefined);

  function send(to: string, callback: PingCallback): string {
    const iq = buildPing(to);
    iqCaller.request(iq, { timeoutMs }).then(
      () => callback(null),
      (error: unknown) => {
        if (error instanceof TimeoutError) callback(new TimeoutError());
        // An error reply is still an answer (wire §13.3); anything else (offline) is passed on.
        else if (error instanceof XmppError && error.name === 'StanzaError') callback(null);
        else callback(error instanceof XmppError ? error : new XmppError(String(error)));
      },
    );
    return iq.attrs.id!;
  }

  return {
    ping(...args: unknown[]): string {
      const [first, second] = args;
      if (args.length === 1 && typeof first === 'function')
        return send(addressing.domain, first as PingCallback);
      if (
        args.length === 2 &&
        (typeof first === 'number' || typeof first === 'string') &&
        typeof second === 'function'
      ) {
        return send(addressing.jidOf(first), second as PingCallback);
      }
      throw new XmppError(PING_INVALID_ARGUMENTS, { code: 422 });
    },
    async pingServer() {
      try {
        await iqCaller.request(buildPing(addressing.domain), { timeoutMs });
      } catch (error) {
        if (error instanceof TimeoutError) throw new TimeoutError(PING_NO_ANSWER);
        throw error;
      }
    },
  } as PingApi;
}
