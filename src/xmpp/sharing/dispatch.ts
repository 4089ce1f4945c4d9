/**
 * Where a tab's operation goes (docs/architecture.md §3 "One chat connection per browser"): the
 * holder runs it on its real client, as this tab; a follower sends it to the holder by its kind
 * (protocol.ts `METHODS`): a send carries the id chosen here, so the caller knows it at once; a
 * fire needs no answer; a request waits for the holder's. With no connection it fails as the
 * client does (`Chat is not connected`), except the operations that are safe offline.
 */
import type { ChatClient } from '../client-types';
import type { Follower } from './follower';
import type { ChatHost } from './host';
import { METHODS, operation, type MethodName } from './protocol';

const OFFLINE_SAFE: ReadonlySet<MethodName> = new Set(['reconnect', 'acknowledge']);

export interface DispatchDeps {
  tab: string;
  nextId(): string;
  /** The real client and its host while this tab holds the connection. */
  held(): { client: ChatClient; host: ChatHost } | null;
  follower(): Follower | null;
  /** Reports the missing connection to the tab's listeners and answers the error. */
  notConnected(): Error;
}

export function createDispatch(deps: DispatchDeps): (method: MethodName, args: unknown[]) => unknown {
  function offline(method: MethodName): unknown {
    if (OFFLINE_SAFE.has(method)) return undefined;
    const error = deps.notConnected();
    if (METHODS[method] === 'request') return Promise.reject(error);
    throw error;
  }

  /** The id a send will carry, chosen here so a follower knows it at once (its last argument). */
  function identified(args: unknown[]): { args: unknown[]; id: string } {
    const last = (args.at(-1) ?? {}) as { id?: string };
    const id = last.id ?? deps.nextId();
    return { args: [...args.slice(0, -1), { ...last, id }], id };
  }

  return (method, args) => {
    const held = deps.held();
    if (held) return held.host.as(deps.tab, () => operation(held.client, method)(...args));
    const follower = deps.follower();
    if (!follower) return offline(method);
    switch (METHODS[method]) {
      case 'send': {
        if (!follower.online) return offline(method);
        const sent = identified(args);
        follower.send(method, sent.args);
        return sent.id;
      }
      case 'fire':
        if (!follower.online && !OFFLINE_SAFE.has(method)) return offline(method);
        follower.fire(method, args);
        return undefined;
      case 'request':
        return follower.request(method, args);
    }
  };
}
