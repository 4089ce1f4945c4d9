/**
 * ECharts' renderer (zrender) caches text measurements in an LRU keyed by the text, over a plain
 * object: the text `__proto__` found Object.prototype there and the cache's list linked it in,
 * giving every object of the server `prev` and `next` (docs/security.md "Chart text"). A chart's
 * labels can be user text (the dashboard chart's legends come in its query), so the caches are
 * made maps without a prototype before the first chart is drawn; every other key behaves as before.
 */
import LRU from 'zrender/lib/core/LRU.js';

interface CacheFields {
  _map: Record<string, unknown>;
}

let guarded = false;

export function guardTextCaches(): void {
  if (guarded) return;
  guarded = true;
  const proto = LRU.prototype as unknown as Record<'get' | 'put' | 'clear', (...args: unknown[]) => unknown>;
  const bare = (cache: CacheFields) => {
    if (Object.getPrototypeOf(cache._map) !== null)
      cache._map = Object.assign(Object.create(null) as Record<string, unknown>, cache._map);
  };
  for (const name of ['get', 'put'] as const) {
    const original = proto[name];
    proto[name] = function (this: CacheFields, ...args: unknown[]) {
      bare(this);
      return original.apply(this, args);
    };
  }
  const clear = proto.clear;
  proto.clear = function (this: CacheFields) {
    clear.call(this);
    bare(this);
  };
}
