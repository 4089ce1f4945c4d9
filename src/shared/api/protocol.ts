/** Protocol (agreement) calls, spec §7 "Protocol": versioned protocols and per-user records. */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { Id, IdList } from './fields';

export const ProtocolKind = z.enum(['TERMS_OF_SERVICE', 'PRIVACY_POLICY']);

export const Protocol = z.object({
  id: z.number().check(z.int()),
  kind: ProtocolKind,
  version: z.number().check(z.int()),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});
export type Protocol = z.infer<typeof Protocol>;

export const isDoctorPopupUserProtocolMsg = defineEndpoint({
  id: 'isDoctorPopupUserProtocolMsg',
  method: 'GET',
  path: '/user/protocol/isDoctorPopupUserProtocolMsg/{userId}',
  summary: 'Whether the agreement popup is due: a published protocol version this provider has not agreed to',
  tag: 'Protocol',
  auth: 'token',
  params: z.object({ userId: Id }),
  response: z.object({ popup: z.boolean(), protocolIds: z.array(z.number().check(z.int())) }),
});

export const getProtocolPopupInfo = defineEndpoint({
  id: 'getProtocolPopupInfo',
  method: 'GET',
  path: '/user/protocol/getProtocolPopupInfo/new',
  summary: 'The newest published version of every protocol, with its text, for the popup',
  tag: 'Protocol',
  auth: 'token',
  response: z.object({ protocols: z.array(Protocol) }),
});

export const addProtocolRecords = defineEndpoint({
  id: 'addProtocolRecords',
  method: 'POST',
  path: '/user/protocol/records/add',
  summary: 'Record that the signed-in provider agreed to the given protocol versions',
  tag: 'Protocol',
  auth: 'token',
  query: z.object({ platform: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) }),
  body: z.object({ protocolIds: IdList }),
  response: z.object({ recorded: z.number().check(z.int()) }),
});

/** One protocol version a provider agreed to (spec §7 `records/add`). */
export const AcceptedProtocol = z.object({
  protocolId: z.number().check(z.int()),
  kind: ProtocolKind,
  version: z.number().check(z.int()),
  title: z.string(),
  agreedAt: z.string(),
  /** The platform the agreement was given on (`records/add?platform=`). */
  platform: z.string(),
  /** Whether this is the newest published version of its kind. */
  current: z.boolean(),
});
export type AcceptedProtocol = z.infer<typeof AcceptedProtocol>;

export const getPublishProtocolVersionInfo = defineEndpoint({
  id: 'getPublishProtocolVersionInfo',
  method: 'GET',
  path: '/user/protocol/getPublishProtocolVersionInfo',
  summary:
    'The newest published version of every protocol (no text); with an authToken also every version the ' +
    'signed-in provider agreed to, newest first (`accepted`, null without a token)',
  tag: 'Protocol',
  auth: 'public',
  response: z.object({
    protocols: z.array(z.omit(Protocol, { content: true })),
    accepted: z.nullable(z.array(AcceptedProtocol)),
  }),
});
