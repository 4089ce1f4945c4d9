// The portal's Content-Security-Policy forbids eval (docs/security.md "HTTP headers and origins").
// zod 4 probes `new Function` whenever it defines an object schema unless `jitless` is set before
// it loads; the browser refuses the probe and reports a violation. This classic script runs
// before the portal's modules (index.html) and sets it: deferred, it does not hold up the first
// paint, and deferred and module scripts run in document order, so it still runs first.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
