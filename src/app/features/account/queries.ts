/** Server data of the account feature (TanStack Query; docs/architecture.md §3). */
import { queryOptions } from '@tanstack/react-query';
import type { PortalApi } from '../../api/api-client';
import { accountCalls, protocolCalls } from '../../api/domain-calls/account';
import { QUERY_ROOTS } from '../../api/query-keys';

/** Spec §7: how many consultations the provider still has (cancellation is refused while any run). */
export const consultationCountsQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.account, 'consultationCounts'],
    queryFn: () => accountCalls(api).consultationCounts(),
  });

/** Spec §7 getPublishProtocolVersionInfo: the published versions and the ones the provider accepted. */
export const agreementVersionsQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.account, 'agreementVersions'],
    queryFn: () => protocolCalls(api).publishedVersions(),
  });
