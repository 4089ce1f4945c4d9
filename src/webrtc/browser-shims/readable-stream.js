/**
 * simple-peer's `readable-stream`, in the browser build only (vite.config.ts; docs/calls.md
 * "Size"). Calls send no data-channel traffic, so the Duplex a peer extends needs only an event
 * emitter and the stream members simple-peer itself touches: `push`, `write` (to its `_write`),
 * `end` with the `finish` event, and the ended / finished flags it reads when destroyed.
 */
import { EventEmitter } from 'events';

export class Duplex extends EventEmitter {
  constructor() {
    super();
    this.readable = true;
    this.writable = true;
    this._readableState = { ended: false };
    this._writableState = { finished: false };
  }

  push(chunk) {
    if (chunk !== null) {
      this.emit('data', chunk);
      return true;
    }
    if (!this._readableState.ended) {
      this._readableState.ended = true;
      queueMicrotask(() => this.emit('end'));
    }
    return false;
  }

  write(chunk, encoding, cb) {
    const done = typeof encoding === 'function' ? encoding : cb;
    this._write(chunk, typeof encoding === 'string' ? encoding : undefined, done || (() => undefined));
    return true;
  }

  end(chunk) {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') this.write(chunk);
    if (this._writableState.finished) return this;
    this._writableState.finished = true;
    this.writable = false;
    queueMicrotask(() => this.emit('finish'));
    return this;
  }
}
