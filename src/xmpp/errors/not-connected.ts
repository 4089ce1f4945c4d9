/**
 * Spec §8 "Chat not connected fires a ChatNotConnectedError event" (wire §13.1: 'Chat is not
 * connected'): wrappers for the facade's operations that need the stream. The caller still gets
 * the error — thrown, as the rejection of the returned promise, or through its callback — and
 * `report` sees every ChatNotConnectedError once; other errors pass untouched.
 */
import { ChatNotConnectedError, type XmppError } from './errors';

export interface NotConnectedGuard {
  /** Wraps an operation that throws or returns a promise. */
  guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  /** Wraps every method of a feature's API. */
  guardApi<T extends object>(api: T): T;
  /** Wraps an operation whose last argument is a node-style callback `(error | null) => void`. */
  guardCallback<F extends (...args: never[]) => unknown>(fn: F): F;
}

export function createNotConnectedGuard(report: (error: ChatNotConnectedError) => void): NotConnectedGuard {
  const check = (error: unknown) => {
    if (error instanceof ChatNotConnectedError) report(error);
  };

  function guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args: A): R => {
      let result: R;
      try {
        result = fn(...args);
      } catch (error) {
        check(error);
        throw error;
      }
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        check(error);
        throw error;
      }) as R;
    };
  }

  return {
    guard,
    guardApi: <T extends object>(api: T): T =>
      Object.fromEntries(
        Object.entries(api).map(([name, value]) => [
          name,
          typeof value === 'function' ? guard(value as (...args: unknown[]) => unknown) : value,
        ]),
      ) as T,
    guardCallback<F extends (...args: never[]) => unknown>(fn: F): F {
      return ((...args: unknown[]) => {
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function') {
          args[last] = (error: XmppError | null) => {
            check(error);
            (callback as (error: XmppError | null) => void)(error);
          };
        }
        return (fn as unknown as (...rest: unknown[]) => unknown)(...args);
      }) as unknown as F;
    },
  };
}
