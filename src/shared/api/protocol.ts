/** Protocol (agreement) calls, spec §7 "Protocol": versioned protocols and per-user records. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { Id, IdList } from './fields';

export const ProtocolKind = z.enum(['TERMS_OF_SERVICE', 'PRIVACY_POLICY']);

export const Protocol = z.object({
  id: z.number().int(),
  kind: ProtocolKind,
  version: z.number().int(),
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
  response: z.object({ popup: z.boolean(), protocolIds: z.array(z.number().int()) }),
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
  query: z.object({ platform: z.string().trim().min(1).max(40) }),
  body: z.object({ protocolIds: IdList }),
  response: z.object({ recorded: z.number().int() }),
});

export const getPublishProtocolVersionInfo = defineEndpoint({
  id: 'getPublishProtocolVersionInfo',
  method: 'GET',
  path: '/user/protocol/getPublishProtocolVersionInfo',
  summary: 'The newest published version of every protocol (no text)',
  tag: 'Protocol',
  auth: 'public',
  response: z.object({ protocols: z.array(Protocol.omit({ content: true })) }),
});
