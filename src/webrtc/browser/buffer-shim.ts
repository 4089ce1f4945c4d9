/**
 * The browser's stand-in for `buffer` (docs/calls.md "Browser and Node"): simple-peer wraps
 * data-channel messages with `Buffer.from`, and calls send none, so plain bytes suffice.
 */
export const Buffer = {
  from: (value: ArrayBuffer | ArrayLike<number>): Uint8Array =>
    value instanceof ArrayBuffer ? new Uint8Array(value) : Uint8Array.from(value),
  isBuffer: (value: unknown): boolean => value instanceof Uint8Array,
};
