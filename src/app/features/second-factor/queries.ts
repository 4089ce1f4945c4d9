/** Server data of the second-factor feature (TanStack Query; docs/architecture.md §3). */
import { queryOptions } from '@tanstack/react-query';
import type { PortalApi } from '../../api/api-client';
import { QUERY_ROOTS } from '../../api/query-keys';
import { secondFactorCalls } from '../../api/domain-calls/second-factor';

export const secondFactorsQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.secondFactor, 'factors'],
    queryFn: () => secondFactorCalls(api).list(),
  });
