/**
 * The browser's stand-in for `../node-xhr.ts` (docs/performance.md "Route budgets"): browsers
 * have their own XMLHttpRequest for Strophe's BOSH, so there is nothing to install and the
 * fetch-based one for Node stays out of the bundle (`vite.config.ts` aliases the import).
 */
export function ensureXmlHttpRequest(): void {}
