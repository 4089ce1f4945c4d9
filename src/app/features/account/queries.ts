/** Server data of the account feature (TanStack Query; docs/architecture.md §3). */
import { queryOptions } from '@tanstack/react-query';
import { accountCalls, protocolCalls } from '../../api/api-client';
import { QUERY_ROOTS } from '../../api/query-keys';

/** Spec §7: how many consultations the provider still has (cancellation is refused while any run). */
export const consultationCountsQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.account, 'consultationCounts'],
    queryFn: () => accountCalls.consultationCounts(),
  });

/** Spec §7 getPublishProtocolVersionInfo: the published versions and the ones the provider accepted. */
export const agreementVersionsQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.account, 'agreementVersions'],
    queryFn: () => protocolCalls.publishedVersions(),
  });
