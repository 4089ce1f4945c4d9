/**
 * zod without `new Function`, in the browser (docs/security.md "HTTP headers and origins"): the
 * Content-Security-Policy forbids eval, and zod 4 probes it when it defines an object schema unless
 * its global config says `jitless`. zod reads that config from `globalThis.__zod_globalConfig`
 * when it loads, so a page's entry imports this module first, before anything that loads zod.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
