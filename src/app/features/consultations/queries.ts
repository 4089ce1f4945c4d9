/** Server data of the consultations feature (TanStack Query; docs/architecture.md §3): appointments and clients. */
import { queryOptions } from '@tanstack/react-query';
import type { ORDER_STATUS_FILTERS } from '../../../shared/api/consultation';
import type { PortalApi } from '../../api/api-client';
import { consultationCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

export const ORDERS_KEY = QUERY_ROOTS.orders;

export interface OrdersFilter {
  status: (typeof ORDER_STATUS_FILTERS)[number];
  keyword: string;
  page: number;
  pageSize: number;
}

/** Spec §2 /orders: one page of the provider's appointments. */
export const ordersQuery = (api: PortalApi, { status, keyword, page, pageSize }: OrdersFilter) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, status, keyword, page, pageSize],
    queryFn: () => consultationCalls(api).orders({ status, keyword: keyword || undefined, page, pageSize }),
  });

/**
 * Spec §2 /orders/detail: one appointment. One that does not exist is said by the screen in her
 * language (order-detail.tsx), not again as the server's English toast; any other failure goes to
 * the portal's policy (spec §8) as from any call.
 */
export const orderQuery = (api: PortalApi, id: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.order, id],
    queryFn: () => consultationCalls(api).order(id, { quiet: (error) => error.code === 'NOT_FOUND' }),
  });

/** Spec §2 /clients: one page of the provider's clients. */
export const clientsQuery = (
  api: PortalApi,
  {
    keyword,
    page,
    pageSize,
  }: {
    keyword: string;
    page: number;
    pageSize: number;
  },
) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.clients, keyword, page, pageSize],
    queryFn: () => consultationCalls(api).clients({ keyword: keyword || undefined, page, pageSize }),
  });
