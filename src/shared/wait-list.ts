/**
 * Callers waiting for one outcome that has not come yet: a login to finish, a stream to close.
 * Each `wait()` is a promise; `resolve` or `reject` settles every one waiting at that moment and
 * empties the list, so those who wait afterwards wait for the next outcome.
 */
export interface WaitList<T> {
  wait(): Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function createWaitList<T>(): WaitList<T> {
  let waiting: Array<{ resolve(value: T): void; reject(error: unknown): void }> = [];
  const take = () => {
    const list = waiting;
    waiting = [];
    return list;
  };
  return {
    wait: () => new Promise<T>((resolve, reject) => waiting.push({ resolve, reject })),
    resolve(value) {
      for (const waiter of take()) waiter.resolve(value);
    },
    reject(error) {
      for (const waiter of take()) waiter.reject(error);
    },
  };
}
