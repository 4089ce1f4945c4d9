/** Chat identity, spec §3 "Chat credentials" and §7 "Chat and consultation". */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { messagingQuery } from './messaging';

export const ChatCredentials = z.object({
  /** Chat-service login name. */
  login: z.string(),
  password: z.string(),
  /** Numeric chat user id (the vendor calls it quickBloxId). */
  quickBloxId: z.number().check(z.int()),
  appId: z.number().check(z.int()),
  /** `{chatId}-{appId}@{domain}`, docs/architecture.md §3. */
  jid: z.string(),
  chatDomain: z.string(),
  mucDomain: z.string(),
});
export type ChatCredentials = z.infer<typeof ChatCredentials>;

export const getChatCredentials = defineEndpoint({
  id: 'getChatCredentials',
  method: 'GET',
  path: '/message/qb/user/getInfo',
  summary: "The signed-in provider's chat credentials",
  tag: 'Chat',
  auth: 'token',
  query: messagingQuery(),
  response: ChatCredentials,
});
