/**
 * The browser's stand-in for `readable-stream` (docs/calls.md "Browser and Node"): simple-peer
 * extends `stream.Duplex` only for its data channel, which calls never use, so an event emitter
 * with the few members simple-peer and our peer link touch (on, once, emit, removeListener, push,
 * write, end) is enough, for a fraction of the bytes. Node uses the real package.
 */
type Handler = (...args: unknown[]) => void;

export class Duplex {
  readable = true;
  writable = true;
  readonly _readableState = { ended: false };
  readonly _writableState = { finished: false };
  private readonly handlers = new Map<string, Handler[]>();

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  once(event: string, handler: Handler): this {
    const once: Handler = (...args) => {
      this.removeListener(event, once);
      handler(...args);
    };
    return this.on(event, once);
  }

  removeListener(event: string, handler: Handler): this {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }

  emit(event: string, ...args: unknown[]): boolean {
    const list = this.handlers.get(event) ?? [];
    // Like Node's emitter, an 'error' nobody listens to is thrown.
    if (event === 'error' && list.length === 0) throw args[0];
    for (const handler of list) handler(...args);
    return list.length > 0;
  }

  /** Data from the channel; `null` ends the readable side. */
  push(chunk: unknown): boolean {
    if (chunk === null) {
      this._readableState.ended = true;
      this.emit('end');
      return false;
    }
    this.emit('data', chunk);
    return true;
  }

  write(chunk: unknown, encoding?: string, callback?: (error?: Error | null) => void): boolean {
    const self = this as unknown as {
      _write?: (c: unknown, e: string, cb: (error?: Error | null) => void) => void;
    };
    self._write?.(chunk, encoding ?? 'utf8', callback ?? (() => {}));
    return true;
  }

  end(): this {
    if (!this._writableState.finished) {
      this._writableState.finished = true;
      this.emit('finish');
    }
    return this;
  }
}
