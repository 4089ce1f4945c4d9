/**
 * A query's data as of now. A request already under way may have been answered before the change
 * the caller knows of (a dialog just created, a notification just pushed), and `fetchQuery` would
 * share it: so it is cancelled and the query asked anew.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

export async function fetchFresh<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(client: QueryClient, options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<TData> {
  await client.cancelQueries({ queryKey: options.queryKey, exact: true });
  return client.fetchQuery({ ...options, staleTime: 0 });
}
