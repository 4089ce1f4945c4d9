/** The calls feature's server data (docs/architecture.md §3): its keys below QUERY_ROOTS.calls. */
import { queryOptions } from '@tanstack/react-query';
import type { PortalApi } from '../../api/api-client';
import { callCalls, chatCalls, cycleCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

const CALLS = QUERY_ROOTS.calls;

/** The client on the other end of a call, by chat id (spec §3 client info). */
export const callClientQuery = (api: PortalApi, chatId: number) =>
  queryOptions({
    queryKey: [...CALLS, 'client', chatId],
    queryFn: () => chatCalls(api).clientByChatId(chatId, { quiet: true }),
    staleTime: 5 * 60_000,
  });

/** The client's whole cycle history for the share window (spec §7 cycle data). */
export const sharedCyclesQuery = (api: PortalApi, memberId: number) =>
  queryOptions({
    queryKey: [...CALLS, 'cycles', memberId],
    queryFn: () => cycleCalls(api).chartAll({ memberId }),
  });

/** The ICE servers (README "Calls"): fetched for the pre-call check and every call client. */
export const iceServersQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...CALLS, 'iceServers'],
    queryFn: async () => (await callCalls(api).iceServers({ quiet: true })).iceServers,
    // TURN credentials are time-limited: fetch them again for every use.
    staleTime: 0,
    gcTime: 0,
  });
