/**
 * ECharts' renderer (zrender) caches text measurements in an LRU keyed by the text, over a plain
 * object: the text `__proto__` found Object.prototype there and the cache's list linked it in,
 * giving every object of the process `prev` and `next` (docs/security.md "Chart text"). A chart's
 * labels can be user text (the dashboard chart's legends come in its query), so the server and the
 * portal both hand zrender's LRU class here before their first chart: its caches become maps
 * without a prototype, and every other key behaves as before. The class is passed in, not
 * imported, so this folder stays free of chart packages (docs/architecture.md §2).
 */

interface CacheFields {
  _map: Record<string, unknown>;
}

type CacheMethod = (this: CacheFields, ...args: unknown[]) => unknown;

/** zrender's `LRU` (`zrender/lib/core/LRU`): only its prototype's get, put and clear are used. */
export interface TextCacheClass {
  prototype: object;
}

const guarded = new WeakSet<object>();

export function guardTextCaches(lru: TextCacheClass): void {
  const proto = lru.prototype as Record<'get' | 'put' | 'clear', CacheMethod>;
  if (guarded.has(proto)) return;
  guarded.add(proto);
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
