/**
 * When a read (a TanStack query) counts as failed, and asking the failed ones again
 * (docs/conventions.md item 5). No React here: the main layout's hooks use it on every page.
 */

/** What these need of a query. */
export interface Read {
  isError: boolean;
  data: unknown;
  refetch(): unknown;
}

/**
 * The read failed and holds nothing: what to say instead of its data. A refetch that failed while
 * the last answer is held (TanStack keeps it, `isError` all the same) leaves that answer on screen.
 */
export function readFailed(read: Pick<Read, 'isError' | 'data'>): boolean {
  return read.isError && read.data === undefined;
}

/** Asks each failed read again (a screen whose data comes from several). */
export function retryFailed(...reads: ReadonlyArray<Pick<Read, 'isError' | 'refetch'>>): void {
  for (const read of reads) if (read.isError) void read.refetch();
}
