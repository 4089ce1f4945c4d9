/** The call client (docs/calls.md): sessions over a signal carrier, wire §20. */
import { CallError } from '../errors';
import type { CallClient, CallClientOptions } from '../types';

export function createCallClient(options: CallClientOptions): CallClient {
  throw new CallError(
    `createCallClient for user ${options.userId}: the implementation follows the API commit`,
  );
}
