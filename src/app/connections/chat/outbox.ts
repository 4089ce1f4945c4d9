/**
 * What waits for the chat connection (spec §5 "Chat must be connected before sending"; spec §3
 * status "wait for send"): messages and read markers given while offline are kept in order and
 * sent when the connection is back, each with the id it was given, so nothing is sent twice
 * (the history merges by id). Pure: the send function is injected and throws while offline.
 */
export interface Outbox<T> {
  /** Sends now if possible, else keeps it; true when sent now. */
  push(item: T): boolean;
  /** Sends what waits, in order, until a send fails; returns how many were sent. */
  flush(): number;
  /** Items still waiting. */
  readonly pending: readonly T[];
  clear(): void;
}

export function createOutbox<T>(deps: {
  /** Sends one item; throws (e.g. ChatNotConnectedError) when it cannot be sent now. */
  send(item: T): void;
  /** Whether a send is worth trying (the connection is up). */
  canSend(): boolean;
  /** A send failed for another reason than being offline: the item is dropped and reported. */
  isOffline(error: unknown): boolean;
  onDropped?(item: T, error: unknown): void;
}): Outbox<T> {
  const queue: T[] = [];
  const trySend = (item: T): 'sent' | 'offline' | 'dropped' => {
    try {
      deps.send(item);
      return 'sent';
    } catch (error) {
      if (deps.isOffline(error)) return 'offline';
      deps.onDropped?.(item, error);
      return 'dropped';
    }
  };
  return {
    push(item) {
      if (queue.length === 0 && deps.canSend()) {
        const result = trySend(item);
        if (result !== 'offline') return result === 'sent';
      }
      queue.push(item);
      return false;
    },
    flush() {
      let sent = 0;
      while (queue.length > 0 && deps.canSend()) {
        const result = trySend(queue[0]!);
        if (result === 'offline') break;
        queue.shift();
        if (result === 'sent') sent += 1;
      }
      return sent;
    },
    get pending() {
      return queue;
    },
    clear() {
      queue.length = 0;
    },
  };
}
