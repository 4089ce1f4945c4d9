/**
 * Watches Object.prototype for a test of chart text (docs/security.md "Chart text"): `keys()` are
 * its own property names now, `before` those when the file loaded, and `restore()` deletes what a
 * failed test added, so the file's other tests do not run with broken objects.
 */
export function watchObjectPrototype() {
  const keys = () => Object.getOwnPropertyNames(Object.prototype).sort();
  const before = keys();
  return {
    before,
    keys,
    restore() {
      for (const key of keys())
        if (!before.includes(key)) delete (Object.prototype as Record<string, unknown>)[key];
    },
  };
}
