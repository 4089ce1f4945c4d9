/**
 * The portal's chat link (connections/chat/chat-link.ts): the login flow and the connection's own
 * reports move it by its tables; a failed login keeps its message whatever the connection reports
 * (spec §8), a stopped chat hears nothing, and an illegal move throws.
 */
import { describe, expect, it } from 'vitest';
import {
  CHAT_LINK_REPORTS,
  CHAT_LINK_TRANSITIONS,
  createChatConnectionState,
  type ChatLink,
} from '../../../../src/app/connections/chat/chat-link';
import type { ChatRuntime } from '../../../../src/app/connections/chat/types';
import { IllegalTransitionError } from '../../../../src/shared/machine';

const runtime = {} as ChatRuntime;

describe('the chat link', () => {
  it('follows the login, then the connection: online, a drop, back', () => {
    const link = createChatConnectionState();
    const seen: ChatLink[] = [];
    link.subscribe(() => seen.push(link.get().link));
    link.connecting();
    link.loaded(runtime);
    link.report('reconnecting');
    link.report('offline');
    link.report('offline');
    link.report('online');
    expect(seen).toEqual(['connecting', 'online', 'reconnecting', 'offline', 'online']);
    expect(link.get().runtime).toBe(runtime);
  });

  it('keeps a failed login and its message whatever the connection reports, until the chat stops', () => {
    const link = createChatConnectionState();
    link.connecting();
    link.failed('chatLoginFailed');
    for (const report of ['online', 'reconnecting', 'offline'] as const) link.report(report);
    expect(link.get()).toMatchObject({ link: 'failed', failure: 'chatLoginFailed' });
    link.stop();
    link.report('online');
    expect(link.get().link).toBe('idle');
  });

  it('lets every report lead only where the next-state table allows, or stay', () => {
    for (const [from, reports] of Object.entries(CHAT_LINK_REPORTS) as Array<
      [ChatLink, Record<string, ChatLink>]
    >)
      for (const to of Object.values(reports))
        expect(to === from || CHAT_LINK_TRANSITIONS[from].includes(to), `${from} → ${to}`).toBe(true);
  });

  it('throws on an illegal move of the login flow, naming the machine', () => {
    const link = createChatConnectionState();
    expect(() => link.loaded(runtime)).toThrow(IllegalTransitionError);
    expect(() => link.failed('chatLoginFailed')).toThrow(
      expect.objectContaining({ machine: 'chat link', state: 'idle', event: 'failed' }),
    );
  });
});
