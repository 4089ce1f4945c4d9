/**
 * A page whose read is not in: loading, or, once it failed, said with a retry rather than loading
 * for ever (components/query-failed.tsx).
 */
import { ReadPending } from '../components/query-failed';
import type { Read } from '../components/read-failure';
import { ChunkLoading } from './chunk-error';

export function QueryWaiting({ query }: { query: Read }) {
  return (
    <ReadPending read={query}>
      <ChunkLoading />
    </ReadPending>
  );
}
