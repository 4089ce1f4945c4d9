/**
 * A page whose read is not in: loading, or, once it failed, said with a retry rather than loading
 * for ever (components/query-failed.tsx).
 */
import { QueryFailed } from '../components/query-failed';
import { ChunkLoading } from './chunk-error';

export function QueryWaiting({ query }: { query: { isError: boolean; refetch(): unknown } }) {
  return query.isError ? <QueryFailed onRetry={() => void query.refetch()} /> : <ChunkLoading />;
}
