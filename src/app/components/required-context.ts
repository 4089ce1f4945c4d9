/**
 * A React context whose value a provider above must give (the portal root, a signed-in shell's
 * runtime and stores, the call host; docs/architecture.md §3): its hook throws, saying where the
 * value is read, when no provider gave one, instead of handing a screen `null`.
 */
import { createContext, useContext, type Context } from 'react';

export interface RequiredContext<T> {
  Context: Context<T | null>;
  /** The hook: the provided value. */
  use(): T;
}

/** `missing`: the error's text, naming where the value is read and the context. */
export function requiredContext<T>(missing: string): RequiredContext<T> {
  const Context = createContext<T | null>(null);
  return {
    Context,
    use() {
      const value = useContext(Context);
      if (value === null) throw new Error(missing);
      return value;
    },
  };
}
